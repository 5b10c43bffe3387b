import { describe, expect, it } from 'vitest';
import { expressNotFound } from './simpleapp.ts';

describe('dgkanatsios/simpleapp', () => {
  it("answers an unknown path with Express's 404 page, the path escaped", () => {
    expect(expressNotFound('GET', '/a<b>')).toBe(
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot GET /a&lt;b&gt;</pre>\n</body>\n</html>\n',
    );
  });
});
