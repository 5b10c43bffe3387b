/** What the access-checks part loads (access-checks-part.ts says when). */
export { authorize } from './rbac.ts';
export { clientImpersonating, clientWithCredentials } from '../client/authenticated.ts';
export { requestServiceAccountToken } from './service-account-token.ts';
