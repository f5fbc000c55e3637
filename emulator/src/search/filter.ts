/**
 * A small OData `$filter` parser/evaluator covering what the project needs and a bit more:
 * `<field> eq|ne|gt|lt|ge|le <literal>`, `and`, `or`, `not`, parentheses, bare Boolean fields,
 * `search.in(field, 'a,b'[, ','])`. Literals: integers (Int64 compared exactly as BigInt), decimals,
 * single-quoted strings (`''` escapes a quote), `true`/`false`/`null`, unquoted ISO date-times.
 * Errors are 400s in Azure's form: `Invalid expression: ...\r\nParameter name: $filter`.
 */
import type { IndexField, StoredDocument } from '../types.ts';
import { invalidExpression } from './errors.ts';
import { isCollectionType } from './definition.ts';

type Token =
  | { kind: 'ident'; text: string; pos: number }
  | { kind: 'number'; text: string; pos: number }
  | { kind: 'string'; value: string; text: string; pos: number }
  | { kind: 'datetime'; text: string; pos: number }
  | { kind: 'punct'; text: '(' | ')' | ','; pos: number };

export type Predicate = (doc: StoredDocument) => boolean;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const OPERATORS: Record<string, string> = {
  eq: 'Equal',
  ne: 'NotEqual',
  gt: 'GreaterThan',
  lt: 'LessThan',
  ge: 'GreaterThanOrEqual',
  le: 'LessThanOrEqual',
};

function syntaxError(filter: string, pos: number): Error {
  return invalidExpression(`Syntax error at position ${pos} in '${filter}'.`, '$filter');
}

function tokenize(filter: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < filter.length) {
    const c = filter[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: 'punct', text: c, pos: i });
      i++;
      continue;
    }
    if (c === "'") {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= filter.length)
          throw invalidExpression(
            `There is an unterminated string literal at position ${i} in '${filter}'.`,
            '$filter',
          );
        if (filter[j] === "'") {
          if (filter[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += filter[j];
        j++;
      }
      tokens.push({ kind: 'string', value, text: filter.slice(i, j + 1), pos: i });
      i = j + 1;
      continue;
    }
    const rest = filter.slice(i);
    const dt = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/.exec(rest);
    if (dt !== null) {
      tokens.push({ kind: 'datetime', text: dt[0], pos: i });
      i += dt[0].length;
      continue;
    }
    const num = /^-?(?:\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|INF|NaN)(?![A-Za-z0-9_])/.exec(rest);
    if (num !== null) {
      tokens.push({ kind: 'number', text: num[0], pos: i });
      i += num[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_./]*/.exec(rest);
    if (ident !== null) {
      tokens.push({ kind: 'ident', text: ident[0], pos: i });
      i += ident[0].length;
      continue;
    }
    throw syntaxError(filter, i);
  }
  return tokens;
}

type Literal =
  | { kind: 'int'; value: bigint; text: string }
  | { kind: 'decimal'; value: number; text: string }
  | { kind: 'string'; value: string; text: string }
  | { kind: 'bool'; value: boolean; text: string }
  | { kind: 'null'; text: string }
  | { kind: 'datetime'; value: number; text: string };

function literalEdmType(lit: Literal): string {
  switch (lit.kind) {
    case 'int':
      return lit.value >= INT32_MIN && lit.value <= INT32_MAX ? 'Edm.Int32' : 'Edm.Int64';
    case 'decimal':
      return 'Edm.Double';
    case 'string':
      return 'Edm.String';
    case 'bool':
      return 'Edm.Boolean';
    case 'datetime':
      return 'Edm.DateTimeOffset';
    case 'null':
      return 'null';
  }
}

/** Compare a stored value with a literal: negative, zero, positive, or undefined if not comparable. */
function compare(value: unknown, lit: Literal): number | undefined {
  switch (lit.kind) {
    case 'int':
      if (typeof value === 'bigint') return value < lit.value ? -1 : value > lit.value ? 1 : 0;
      if (typeof value === 'number') {
        if (Number.isInteger(value)) {
          const v = BigInt(value);
          return v < lit.value ? -1 : v > lit.value ? 1 : 0;
        }
        return value - Number(lit.value);
      }
      return undefined;
    case 'decimal':
      if (typeof value === 'bigint' || typeof value === 'number') {
        const v = Number(value);
        return v < lit.value ? -1 : v > lit.value ? 1 : 0;
      }
      return undefined;
    case 'string':
      if (typeof value !== 'string') return undefined;
      return value < lit.value ? -1 : value > lit.value ? 1 : 0;
    case 'bool':
      if (typeof value !== 'boolean') return undefined;
      return Number(value) - Number(lit.value);
    case 'datetime': {
      if (typeof value !== 'string') return undefined;
      const t = Date.parse(value);
      return t < lit.value ? -1 : t > lit.value ? 1 : 0;
    }
    case 'null':
      return undefined;
  }
}

class Parser {
  readonly #filter: string;
  readonly #tokens: Token[];
  readonly #fields: Map<string, IndexField>;
  #i = 0;

  constructor(filter: string, fields: Map<string, IndexField>) {
    this.#filter = filter;
    this.#tokens = tokenize(filter);
    this.#fields = fields;
  }

  parse(): Predicate {
    if (this.#tokens.length === 0) throw syntaxError(this.#filter, 0);
    const p = this.#or();
    const extra = this.#tokens[this.#i];
    if (extra !== undefined) throw syntaxError(this.#filter, extra.pos);
    return p;
  }

  #peek(): Token | undefined {
    return this.#tokens[this.#i];
  }

  /** Position for an error at the current token, or at the last token when the input ended. */
  #errorPos(): number {
    const t = this.#tokens[this.#i] ?? this.#tokens[this.#tokens.length - 1];
    return t?.pos ?? 0;
  }

  #next(): Token {
    const t = this.#tokens[this.#i];
    if (t === undefined) throw syntaxError(this.#filter, this.#errorPos());
    this.#i++;
    return t;
  }

  #isKeyword(word: string): boolean {
    const t = this.#peek();
    return t !== undefined && t.kind === 'ident' && t.text === word;
  }

  #expectPunct(p: '(' | ')' | ','): void {
    const t = this.#peek();
    if (t === undefined || t.kind !== 'punct' || t.text !== p) throw syntaxError(this.#filter, this.#errorPos());
    this.#i++;
  }

  #or(): Predicate {
    let left = this.#and();
    while (this.#isKeyword('or')) {
      this.#i++;
      const l = left;
      const r = this.#and();
      left = (d) => l(d) || r(d);
    }
    return left;
  }

  #and(): Predicate {
    let left = this.#unary();
    while (this.#isKeyword('and')) {
      this.#i++;
      const l = left;
      const r = this.#unary();
      left = (d) => l(d) && r(d);
    }
    return left;
  }

  #unary(): Predicate {
    if (this.#isKeyword('not')) {
      this.#i++;
      const inner = this.#unary();
      return (d) => !inner(d);
    }
    return this.#primary();
  }

  #field(name: string): IndexField {
    const field = this.#fields.get(name);
    if (field === undefined)
      throw invalidExpression(`Could not find a property named '${name}' on type 'search.document'.`, '$filter');
    if (!field.filterable) {
      throw invalidExpression(
        `The field '${name}' is not filterable. Only filterable fields can be used in filter expressions.`,
        '$filter',
      );
    }
    return field;
  }

  #literal(): Literal {
    const t = this.#next();
    switch (t.kind) {
      case 'number':
        if (/^-?\d+$/.test(t.text)) return { kind: 'int', value: BigInt(t.text), text: t.text };
        return {
          kind: 'decimal',
          value: t.text.endsWith('INF') ? (t.text.startsWith('-') ? -Infinity : Infinity) : Number(t.text),
          text: t.text,
        };
      case 'string':
        return { kind: 'string', value: t.value, text: t.text };
      case 'datetime':
        return { kind: 'datetime', value: Date.parse(t.text), text: t.text };
      case 'ident':
        if (t.text === 'true' || t.text === 'false') return { kind: 'bool', value: t.text === 'true', text: t.text };
        if (t.text === 'null') return { kind: 'null', text: t.text };
        throw syntaxError(this.#filter, t.pos);
      default:
        throw syntaxError(this.#filter, t.pos);
    }
  }

  #primary(): Predicate {
    const t = this.#next();
    if (t.kind === 'punct' && t.text === '(') {
      const inner = this.#or();
      this.#expectPunct(')');
      return inner;
    }
    if (t.kind === 'ident' && (t.text === 'true' || t.text === 'false')) {
      const v = t.text === 'true';
      return () => v;
    }
    if (t.kind === 'ident' && t.text === 'search.in') return this.#searchIn();
    if (t.kind !== 'ident' || t.text in OPERATORS || ['and', 'or', 'not', 'null'].includes(t.text)) {
      throw syntaxError(this.#filter, t.pos);
    }
    if (this.#peek()?.kind === 'punct' && this.#peek()?.text === '(') {
      throw invalidExpression(
        `The function '${t.text}' is not supported by the local emulator (supported: comparisons, and/or/not, search.in).`,
        '$filter',
      );
    }
    const name = t.text;
    const opToken = this.#peek();
    if (opToken === undefined || opToken.kind !== 'ident' || !(opToken.text in OPERATORS)) {
      // A bare field: only a Boolean field is an expression by itself.
      const field = this.#field(name);
      if (field.type !== 'Edm.Boolean') {
        if (
          opToken === undefined ||
          (opToken.kind === 'ident' && ['and', 'or'].includes(opToken.text)) ||
          (opToken.kind === 'punct' && opToken.text === ')')
        ) {
          throw invalidExpression(
            `The expression '${name}' is of type '${field.type}'; a filter must be a Boolean expression.`,
            '$filter',
          );
        }
        throw syntaxError(this.#filter, opToken.pos);
      }
      return (d) => d[name] === true;
    }
    this.#i++;
    const op = opToken.text;
    const field = this.#field(name);
    if (isCollectionType(field.type)) {
      throw invalidExpression(
        `The field '${name}' is a collection; it can only be filtered with any/all lambda expressions, which the local emulator does not support.`,
        '$filter',
      );
    }
    const lit = this.#literal();
    this.#checkTypes(field, op, lit);
    if (lit.kind === 'null') {
      const isNull = (d: StoredDocument): boolean => d[name] === null || d[name] === undefined;
      return op === 'eq' ? isNull : (d) => !isNull(d);
    }
    return (d) => {
      const value = d[name];
      if (value === null || value === undefined) return op === 'ne';
      const c = compare(value, lit);
      if (c === undefined || Number.isNaN(c)) return op === 'ne';
      switch (op) {
        case 'eq':
          return c === 0;
        case 'ne':
          return c !== 0;
        case 'gt':
          return c > 0;
        case 'lt':
          return c < 0;
        case 'ge':
          return c >= 0;
        default:
          return c <= 0;
      }
    };
  }

  #checkTypes(field: IndexField, op: string, lit: Literal): void {
    const mismatch = (): Error =>
      invalidExpression(
        `A binary operator with incompatible types was detected. Found operand types '${field.type}' and '${literalEdmType(lit)}' for operator kind '${OPERATORS[op] as string}'.`,
        '$filter',
      );
    if (lit.kind === 'null') {
      if (op !== 'eq' && op !== 'ne') throw mismatch();
      return;
    }
    switch (field.type) {
      case 'Edm.Int64':
        if (lit.kind === 'int') {
          if (lit.value < INT64_MIN || lit.value > INT64_MAX) throw mismatch();
          return;
        }
        if (lit.kind === 'decimal') return;
        throw mismatch();
      case 'Edm.Int32':
      case 'Edm.Double':
        if (lit.kind === 'int' || lit.kind === 'decimal') return;
        throw mismatch();
      case 'Edm.String':
        if (lit.kind === 'string') return;
        throw mismatch();
      case 'Edm.Boolean':
        if (lit.kind === 'bool' && (op === 'eq' || op === 'ne')) return;
        throw mismatch();
      case 'Edm.DateTimeOffset':
        if (lit.kind === 'datetime') return;
        throw mismatch();
      default:
        throw invalidExpression(
          `Comparisons on fields of type '${field.type}' are not supported by the local emulator.`,
          '$filter',
        );
    }
  }

  #searchIn(): Predicate {
    this.#expectPunct('(');
    const f = this.#next();
    if (f.kind !== 'ident') throw syntaxError(this.#filter, f.pos);
    const field = this.#field(f.text);
    if (field.type !== 'Edm.String' && field.type !== 'Collection(Edm.String)') {
      throw invalidExpression(
        `search.in can only be used on string fields; '${f.text}' is of type '${field.type}'.`,
        '$filter',
      );
    }
    this.#expectPunct(',');
    const list = this.#next();
    if (list.kind !== 'string') throw syntaxError(this.#filter, list.pos);
    let separators = ' ,';
    if (this.#peek()?.kind === 'punct' && this.#peek()?.text === ',') {
      this.#i++;
      const sep = this.#next();
      if (sep.kind !== 'string') throw syntaxError(this.#filter, sep.pos);
      separators = sep.value;
    }
    this.#expectPunct(')');
    const values = new Set(
      list.value.split(new RegExp(`[${separators.replace(/[\\\]^-]/g, '\\$&')}]`)).filter((s) => s.length > 0),
    );
    const name = f.text;
    return (d) => {
      const v = d[name];
      if (Array.isArray(v)) return v.some((x) => typeof x === 'string' && values.has(x));
      return typeof v === 'string' && values.has(v);
    };
  }
}

/** Compile a `$filter` against an index's fields; throws a 400 `SearchError` when invalid. */
export function compileFilter(filter: string, fields: readonly IndexField[]): Predicate {
  return new Parser(filter, new Map(fields.map((f) => [f.name, f]))).parse();
}
