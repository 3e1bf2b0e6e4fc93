// A refusal at the GraphQL door before Apollo reads the request (size and depth guards, the rate
// limit), in GraphQL's answer shape with the HTTP status of its code.
import type { Response } from 'express';
import type { AppError } from '../src/contracts/errors';

export const graphqlRefusal = (res: Response, error: AppError) =>
  res
    .status(error.status)
    .json({ errors: [{ message: error.message, extensions: { code: error.code, status: error.status, ...(error.details ? { details: error.details } : {}) } }] });
