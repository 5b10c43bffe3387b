/**
 * Counts the `.spec?.x` / `.status?.x` reads of the code under tsconfig.core.json (tests left
 * out) and how many of them still read an `any` spec or status, as the compiler sees them:
 *
 *   npx node --experimental-strip-types --no-warnings scripts/schema/count-untyped.ts [--list]
 */
import ts from 'typescript';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.core.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
const program = ts.createProgram(config.fileNames, config.options);
const checker = program.getTypeChecker();
let total = 0;
const untyped: string[] = [];
for (const file of program.getSourceFiles()) {
  if (file.isDeclarationFile || !file.fileName.startsWith(`${root}src/`)) continue;
  const visit = (node: ts.Node): void => {
    // `<expr>.spec?.<name>`: an optional access whose object is a `.spec` or `.status` access.
    if (ts.isPropertyAccessExpression(node) && node.questionDotToken && ts.isPropertyAccessExpression(node.expression)) {
      const inner = node.expression;
      if (inner.name.text === 'spec' || inner.name.text === 'status') {
        total++;
        if (checker.getTypeAtLocation(inner).flags & ts.TypeFlags.Any) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart());
          untyped.push(`${file.fileName.slice(root.length)}:${line + 1}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}
console.log(`.spec?. / .status?. reads: ${total}; on an untyped (any) spec or status: ${untyped.length}`);
if (process.argv.includes('--list')) console.log(untyped.join('\n'));
