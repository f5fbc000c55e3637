/** A whole-request Azure AI Search error: `{"error":{"code":"...","message":"..."}}`. */
export class SearchError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, code = '', headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  toBody(): unknown {
    return { error: { code: this.code, message: this.message } };
  }
}

/** `The request is invalid. Details: <details>` (400). */
export function invalidRequest(details: string, code = ''): SearchError {
  return new SearchError(400, `The request is invalid. Details: ${details}`, code);
}

/** The OData query-parameter error form: `Invalid expression: <text>\r\nParameter name: <param>`. */
export function invalidExpression(text: string, param: string): SearchError {
  return new SearchError(400, `Invalid expression: ${text}\r\nParameter name: ${param}`);
}

/** The message for an unknown property of an OData type. */
export function unknownProperty(property: string, type: string): string {
  return `The property '${property}' does not exist on type '${type}' or is not present in the API version '2024-07-01'. Make sure to only use property names that are defined by the type.`;
}

/** A caller's value as a message quotes it: a string as it is, anything else as JSON (never "[object Object]"). */
export function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
