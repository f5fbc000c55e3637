// The ingest of one document: extract -> chunk -> embed -> index.
import { AppError } from '../errors.ts';
import { DocumentError } from './errors.ts';

export async function documentErrorsAsAppErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof DocumentError) throw new AppError(err.errorCode, err.message);
    throw err;
  }
}
