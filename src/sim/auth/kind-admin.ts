/**
 * kind's admin as its kubeconfig names it: the client certificate (CN=kubernetes-admin,
 * O=kubeadm:cluster-admins) every terminal starts with. Kept apart from the certificate
 * authority (pki.ts) so that recognising the admin needs none of the X.509 code.
 */

/** kind's admin client certificate (CN=kubernetes-admin, O=kubeadm:cluster-admins), as its kubeconfig holds it. */
export const KIND_ADMIN_CERTIFICATE =
  '-----BEGIN CERTIFICATE-----\nMIIDKTCCAhGgAwIBAgIIK3pWq6n0mJ0wDQYJKoZIhvcNAQELBQAwFTETMBEGA1UE\nAxMKa3ViZXJuZXRlczAeFw0yNjExMzAwMjQ5MzhaFw0yNzExMzAwMjU0MzhaMDwx\nHzAdBgNVBAoTFmt1YmVhZG06Y2x1c3Rlci1hZG1pbnMxGTAXBgNVBAMTEGt1YmVy\n-----END CERTIFICATE-----\n';
