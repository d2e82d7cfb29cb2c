/**
 * Finds the words a main-app file shows that are not in a catalogue (docs/languages.md, "The
 * main app"): used by i18n/app-catalogues.test.ts, which fails on any, and by
 * `node --import tsx apps/web/src/i18n/literals.ts [path…]`, which lists them.
 *
 * A word is shown when it is a JSX text with a letter, a string given to a prop or object key
 * that people read (`label`, `title`, `placeholder`, `aria-label`, `…Label`, `…Message`, …), a
 * string child (`{ok ? 'Yes' : 'No'}`), or any string that reads like a sentence (a capital, a
 * lower-case letter and a space: `'Name is required'`). Not counted: imports, `console.*`,
 * comparisons, names in `NOT_WORDS` (product and standard names), and a line marked
 * `// i18n-ignore` (or the line after such a comment).
 */
import ts from 'typescript';

/** Names that stay as they are in every language. */
export const NOT_WORDS = new Set([
  'Tenantry',
  'SAML',
  'OIDC',
  'SSO',
  'SCIM',
  'CSV',
  'PDF',
  'JSON',
  'API',
  'URL',
  'ID',
  'Markdown',
  'Stripe',
  'Google',
  'Microsoft',
  'GitHub',
  'Okta',
  'Entra ID',
  'OpenAPI',
  'Swagger',
  'TOTP',
  'HMAC',
  'SHA-256',
  'ZIP',
  'CSS',
  'HTML',
  'Webhook',
  'PNG',
  'JPEG',
  'SVG',
]);

const HUMAN_NAME =
  /^(label|placeholder|title|description|aria-label|aria-description|alt|error|message|tooltip|hint|heading|caption|legend|subtitle|text|confirm|cancel|empty|children|noun|what|[a-z][A-Za-z]*(Label|Text|Message|Title|Description|Hint|Heading|Placeholder|Tooltip|Caption))$/;

const SENTENCE = /^[A-Z][\p{Ll}’']*[\p{L}’']*(\s+\S+)+\s*$/u;
const LETTER = /\p{L}/u;

export interface Literal {
  line: number;
  text: string;
}

function isWord(text: string): boolean {
  const t = text.trim();
  return LETTER.test(t) && !NOT_WORDS.has(t) && !/^[A-Z0-9 _.:/-]+$/.test(t);
}

/** Strings reached from an expression through `?:`, `||`, `??`, `&&` and parentheses. */
function branches(e: ts.Expression): ts.Expression[] {
  if (ts.isParenthesizedExpression(e)) return branches(e.expression);
  if (ts.isConditionalExpression(e)) return [...branches(e.whenTrue), ...branches(e.whenFalse)];
  if (
    ts.isBinaryExpression(e) &&
    [
      ts.SyntaxKind.BarBarToken,
      ts.SyntaxKind.QuestionQuestionToken,
      ts.SyntaxKind.AmpersandAmpersandToken,
    ].includes(e.operatorToken.kind)
  )
    return [...branches(e.left), ...branches(e.right)];
  return [e];
}

function stringText(e: ts.Expression): string | null {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isTemplateExpression(e))
    return [e.head.text, ...e.templateSpans.map((s) => s.literal.text)].join(' ');
  return null;
}

export function findLiterals(fileName: string, source: string): Literal[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lines = source.split('\n');
  const ignored = (line: number) =>
    /i18n-ignore/.test(lines[line] ?? '') ||
    /^\s*(\/\/|\{?\/\*).*i18n-ignore/.test(lines[line - 1] ?? '');
  const found = new Map<number, Literal>();
  const add = (node: ts.Node, text: string) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
    if (!ignored(line) && !found.has(node.pos))
      found.set(node.pos, { line: line + 1, text: text.trim().replace(/\s+/g, ' ') });
  };
  const addStrings = (e: ts.Expression) => {
    for (const b of branches(e)) {
      const text = stringText(b);
      if (text !== null && isWord(text)) add(b, text);
    }
  };
  const skip = (node: ts.Node) =>
    ts.isImportDeclaration(node) ||
    ts.isExportDeclaration(node) ||
    ts.isImportTypeNode(node) ||
    ts.isLiteralTypeNode(node) ||
    (ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.expression.getText(file) === 'console') ||
    (ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
        node.operatorToken.kind,
      )) ||
    ts.isCaseClause(node);
  const visit = (node: ts.Node): void => {
    if (skip(node)) return;
    if (ts.isCaseClause(node)) {
      // `case 'value':` compares; what the case does may show words.
      node.statements.forEach(visit);
      return;
    }
    if (ts.isJsxText(node)) {
      if (isWord(node.text)) add(node, node.text);
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      if (HUMAN_NAME.test(node.name.getText(file))) {
        const init = node.initializer;
        if (ts.isStringLiteral(init)) {
          if (isWord(init.text)) add(init, init.text);
        } else if (ts.isJsxExpression(init) && init.expression) addStrings(init.expression);
      }
    } else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      addStrings(node.expression);
    } else if (
      ts.isPropertyAssignment(node) &&
      HUMAN_NAME.test(node.name.getText(file).replace(/^['"]|['"]$/g, ''))
    ) {
      addStrings(node.initializer);
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      SENTENCE.test(node.text) &&
      !ts.isPropertyAssignment(node.parent) &&
      !ts.isJsxAttribute(node.parent)
    ) {
      add(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      const text = stringText(node)!;
      if (SENTENCE.test(node.head.text) || /[a-z]{2,} [a-z]{2,}/.test(text)) add(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/**
 * The catalogue area a main-app source file belongs to (its path from `apps/web/src`): a
 * feature folder is its own area; `app/`, `components/`, `lib/` and the provider's guest pages
 * (`guest/`) are one each. Null: not the main app (the respondent page, the catalogues, tests).
 */
export function areaOf(file: string): string | null {
  const parts = file.split(/[\\/]/);
  if (/\.test\.tsx?$/.test(file) || parts.includes('test') || parts[0] === 'i18n') return null;
  if (parts[0] === 'respondent') return null;
  if (parts[0] === 'features' && parts.length > 2) return parts[1]!;
  if (parts[0] === 'guest') return 'public-pages';
  if (parts[0] === 'app' || parts.length === 1) return 'app';
  if (parts[0] === 'components' || parts[0] === 'lib') return parts[0];
  return null;
}
