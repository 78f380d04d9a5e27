/** The operationId of the operation express-openapi-validator matched the request to; undefined before it ran, or for no operation. */
export function operationIdOf(req: object): string | undefined {
  return (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId;
}
