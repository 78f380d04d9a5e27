import type { OpenApiDocument, SchemaObject } from './spec.js';

export interface RequestBody {
  /** The media types the operation accepts, in the order openapi.yaml names them. */
  types: string[];
  schema: SchemaObject;
}

/** Each operation's request body, by operationId. */
export function requestBodies(spec: OpenApiDocument): Map<string, RequestBody> {
  const bodies = new Map<string, RequestBody>();
  for (const pathItem of Object.values(spec.paths)) {
    for (const operation of Object.values(pathItem) as Operation[]) {
      const content = operation.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      if (operation.operationId && schema) bodies.set(operation.operationId, { types: Object.keys(content), schema });
    }
  }
  return bodies;
}

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
}
