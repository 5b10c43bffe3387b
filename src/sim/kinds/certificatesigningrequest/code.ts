/** What the CertificateSigningRequest part loads: the kind's admission, its approval subresource and the client signer. */
export { installCsrAdmission, updateApproval } from './kind.ts';
export { signingController } from './signer.ts';
