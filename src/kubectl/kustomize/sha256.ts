/** SHA-256 over UTF-8 text: kustomize names generated objects from this hash. */
import { bytesOf, hex, sha256 } from '../../encoding/sha256.ts';

/** The hex SHA-256 digest of a string's UTF-8 bytes. */
export function sha256Hex(text: string): string {
  return hex(sha256(bytesOf(text)));
}
