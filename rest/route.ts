// The route table format: each api.md path maps to one service call. `auth: 'none'` routes run
// with an anonymous context; every other route needs a Bearer session token or API key (401).
import type { Request, Response } from 'express';
import type { AuthedCtx, Ctx } from '../src/context';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface RouteBase {
  method: Method;
  path: string;
  /** HTTP status on success; 200 unless given. */
  status?: number;
}

export interface AuthedRoute extends RouteBase {
  auth?: 'required';
  /** Returns the JSON body, or undefined when it wrote the response itself (CSV). */
  handle(ctx: AuthedCtx, req: Request, res: Response): Promise<unknown>;
}

export interface PublicRoute extends RouteBase {
  auth: 'none';
  handle(ctx: Ctx, req: Request, res: Response): Promise<unknown>;
}

export type Route = AuthedRoute | PublicRoute;

export const route = <R extends Route>(r: R): R => r;

/** A path parameter as a string (Express 5 types them loosely). */
export const param = (req: Request, name: string): string => String(req.params[name] ?? '');
