/**
 * Name and label syntax checks from apimachinery (pkg/util/validation/validation.go). Each
 * returns the list of error details (empty = valid), worded exactly as the API server words them.
 */

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_LABEL_RE = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QUALIFIED_NAME_RE = new RegExp(`^${QUALIFIED_NAME_FMT}$`);
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const LABEL_VALUE_RE = new RegExp(`^${LABEL_VALUE_FMT}$`);
const C_IDENTIFIER_FMT = '[A-Za-z_][A-Za-z0-9_]*';

/** Go's validation.RegexError: `msg (e.g. 'a',  or 'b', regex used for validation is 're')`. */
function regexError(msg: string, fmt: string, examples: string[]): string {
  if (!examples.length) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}'`).join(',  or ')}, regex used for validation is '${fmt}')`;
}

function maxLen(n: number): string {
  return `must be no more than ${n} characters`;
}

/** RFC 1123 label (namespaces, services, container names): max 63. */
export function isDNS1123Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLen(63));
  if (!DNS1123_LABEL_RE.test(v)) {
    errs.push(
      regexError(
        "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
        DNS1123_LABEL_FMT,
        ['my-name', '123-abc'],
      ),
    );
  }
  return errs;
}

/** RFC 1123 subdomain (most object names): max 253. */
export function isDNS1123Subdomain(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 253) errs.push(maxLen(253));
  if (!DNS1123_SUBDOMAIN_RE.test(v)) {
    errs.push(
      regexError(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
        DNS1123_SUBDOMAIN_FMT,
        ['example.com'],
      ),
    );
  }
  return errs;
}

/** RFC 1035 label (Service names in 1.32): must start with a letter. */
export function isDNS1035Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLen(63));
  const fmt = '[a-z]([-a-z0-9]*[a-z0-9])?';
  if (!new RegExp(`^${fmt}$`).test(v)) {
    errs.push(
      regexError(
        "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
        fmt,
        ['my-name', 'abc-123'],
      ),
    );
  }
  return errs;
}

/** Label and annotation keys: optional DNS subdomain prefix and `/`, then a name part. */
export function isQualifiedName(v: string): string[] {
  const errs: string[] = [];
  const parts = v.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else for (const m of isDNS1123Subdomain(prefix)) errs.push(`prefix part ${m}`);
  } else {
    return [
      regexError(
        "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        QUALIFIED_NAME_FMT,
        ['MyName', 'my.name', '123-abc'],
      ) + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push(`name part ${maxLen(63)}`);
  if (name.length && !QUALIFIED_NAME_RE.test(name)) {
    errs.push(
      'name part ' +
        regexError(
          "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
          QUALIFIED_NAME_FMT,
          ['MyName', 'my.name', '123-abc'],
        ),
    );
  }
  return errs;
}

/** Label values: empty, or up to 63 alphanumerics with `-`, `_`, `.` inside. */
export function isValidLabelValue(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLen(63));
  if (!LABEL_VALUE_RE.test(v)) {
    errs.push(
      regexError(
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        LABEL_VALUE_FMT,
        ['MyValue', 'my_value', '12345'],
      ),
    );
  }
  return errs;
}

/** Environment variable names (IsEnvVarName). */
export function isEnvVarName(v: string): string[] {
  if (/^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(v)) return [];
  return [
    regexError(
      "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit",
      '[-._a-zA-Z][-._a-zA-Z0-9]*',
      ['my.env-name', 'MY_ENV.NAME', 'MyEnvName1'],
    ),
  ];
}

/** IANA_SVC_NAME (named ports): at most 15 characters, letters/digits/hyphens, one letter at least. */
export function isValidPortName(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 15) errs.push(maxLen(15));
  if (!/^[-a-z0-9]+$/.test(v)) errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
  if (v.includes('--')) errs.push("must not contain consecutive hyphens");
  if (!/[a-z]/.test(v)) errs.push('must contain at least one letter (a-z)');
  if (v.startsWith('-') || v.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** The C identifier regexp (ConfigMap env keys and similar). */
export const C_IDENTIFIER = C_IDENTIFIER_FMT;
