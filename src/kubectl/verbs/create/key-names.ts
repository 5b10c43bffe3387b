/**
 * The key checks kubectl makes itself before sending a ConfigMap or Secret (apimachinery's
 * IsConfigMapKey and IsEnvVarName, vendored into the client), with its messages.
 */

const CONFIG_KEY_FMT = '[-._a-zA-Z0-9]+';
const ENV_NAME_FMT = '[-._a-zA-Z][-._a-zA-Z0-9]*';

export const ENV_NAME_MSG = `a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '${ENV_NAME_FMT}')`;

/** IsConfigMapKey: the problems of a data key (none when valid). */
export function configKeyProblems(key: string): string[] {
  const errs: string[] = [];
  if (key.length > 253) errs.push('must be no more than 253 characters');
  if (!new RegExp(`^${CONFIG_KEY_FMT}$`).test(key)) {
    errs.push(`a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '${CONFIG_KEY_FMT}')`);
  }
  if (key === '.') errs.push("must not be '.'");
  else if (key === '..') errs.push("must not be '..'");
  else if (key.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

/** IsEnvVarName: the problems of a key read from an env file (none when valid). */
export function envNameProblems(key: string): string[] {
  return new RegExp(`^${ENV_NAME_FMT}$`).test(key) ? [] : [ENV_NAME_MSG];
}
