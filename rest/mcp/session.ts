// One /mcp request on the MCP SDK (rest/mcp/http.ts loads this file, and with it the SDK, on the first
// request): a fresh server and Streamable HTTP transport per POST, stateless, answering JSON.
import type { Request, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AuthedCtx } from '../../src/runtime/context';
import type { AppError } from '../../src/contracts/errors';
import { mcpServer } from './server';
import type { McpToolCatalog } from './tools';

export const isToolCall = (body: unknown) => isJSONRPCRequest(body) && body.method === 'tools/call';

/** Serves one JSON-RPC message with a server of its own; `refusal` answers every tools/call. */
export async function serve(catalog: McpToolCatalog, ctx: AuthedCtx, req: Request, res: Response, refusal?: AppError): Promise<void> {
  const server = mcpServer({ catalog, ctx, refusal });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
}
