import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, NULL, transformSchemaObject, type SchemaObject } from 'openapi-typescript';

/**
 * generated/client/schema.ts: openapi-typescript's types of openapi.yaml (`paths`, `operations`,
 * `components`, and each schema by its name), with two readings of the contract's own:
 * a schema marked `x-null` (Removal, the `null` of a merge patch) is `null`, and an `anyOf`
 * is the union of its variants alone (its `type: string` is for generators that need one),
 * so a patch's `sound` is `Sound | null`, never any string.
 */
export async function schemaFile(contractFile: string): Promise<string> {
  const ast = await openapiTS(pathToFileURL(contractFile), {
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    silent: true,
    transform(schema, options) {
      if ((schema as SchemaObject & { 'x-null'?: boolean })['x-null']) return NULL;
      if (!('anyOf' in schema && 'type' in schema)) return undefined;
      const { type: _, ...variants } = schema;
      return transformSchemaObject(variants as SchemaObject, options);
    },
  });
  return astToString(ast);
}
