// The error catalogue. Handlers throw AppError; one error handler renders it in
// the envelope of the route's family ({success:false, error} or, for deletion,
// {success:false, message}).

export class AppError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const notFound = (message: string) => new AppError(404, message);
export const unauthorized = (message: string, headers: Record<string, string> = {}) => new AppError(401, message, headers);
export const unsupportedMediaType = (message: string) => new AppError(415, message);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const badGateway = (message: string) => new AppError(502, message);

export const MESSAGES = {
  userNotFound: 'User not found.',
  currencyNotSupported: (code: string) => `Currency '${code}' not supported.`,
  surveyUnauthorized: 'Unauthorized. Invalid key or secret.',
  documentUnauthorized: 'Unauthorized. Invalid or missing api-key header.',
  apiKeyUnauthorized: 'Unauthorized. Invalid or missing api_key header.',
  customUnauthorized: 'Unauthorized. Invalid or missing api_key or api_secret.',
  basicUnauthorized: 'Unauthorized. Missing or wrong Basic credentials.',
  bearerUnauthorized: 'Unauthorized. Missing, invalid or expired bearer token.',
  tokenUnauthorized: 'Unauthorized. Invalid key or secret.',
  notFoundRoute: (method: string, url: string) => `Route ${method} ${url} not found.`,
  internal: 'Internal server error.',
  jsonBodyExpected: 'Content-Type must be application/json, with a JSON object such as {"input1": 5, "input2": 7}.',
  tokenJsonExpected: 'Content-Type must be application/json, with a JSON object {"api_key": "...", "api_secret": "..."}; a form body is not read.',
} as const;
