/** The CertificateSigningRequest's resource key and the signer names kind's controller manager serves. */

export const CSRS = 'certificatesigningrequests.certificates.k8s.io';

/** The signer names whose controllers run in kind's controller manager. */
export const KUBE_APISERVER_CLIENT = 'kubernetes.io/kube-apiserver-client';
