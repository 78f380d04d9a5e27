// The operations of openapi.yaml as the edge sweep reads them: each one's example request, its integer parameters,
// and the other methods its path serves, so a new operation or parameter is swept without editing a case.
import { integerParameters, type IntegerParameter } from '../../../src/contract/integer-parameters.js';
import { loadSpec } from '../../../src/contract/spec.js';
import { exampleRequests, fill, type ExampleRequest } from '../../helpers/example-requests.js';
import { uuid } from '../../helpers/factories.js';

export interface SweptOperation extends ExampleRequest {
  /** Its integer parameters, in the query, a header or the path. */
  integers: IntegerParameter[];
  /** Every operation of its path (itself included), for what a method the path does not serve may get. */
  siblings: ExampleRequest[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
let made = 0;

/** A value of the parameter's kind that nothing holds yet: a new UUID for a UUID, else its example made unique. */
function freshValue(example: string): string {
  return UUID.test(example) ? uuid() : `${example}-sweep${++made}`;
}

/** The operation's template with a fresh value in each path parameter, but `name`, which gets `value` as written. */
export function pathOf(operation: SweptOperation, name?: string, value?: string): string {
  const values = Object.fromEntries(
    Object.entries(operation.params).map(([each, example]) => [each, each === name ? value! : freshValue(example)]),
  );
  return fill(operation.template, values);
}

/** A value of the parameter that is valid but names nothing stored. */
export const freshParam = (operation: SweptOperation, name: string): string => freshValue(operation.params[name]!);

export function sweptOperations(): SweptOperation[] {
  const operations = exampleRequests();
  const integers = integerParameters(loadSpec());
  return operations.map((operation) => ({
    ...operation,
    integers: integers.get(operation.template)?.get(operation.method.toLowerCase()) ?? [],
    siblings: operations.filter((other) => other.template === operation.template),
  }));
}

/** The first operation of each path, to carry the cases that belong to a path rather than to one operation. */
export const firstOfEachPath = (operations: SweptOperation[]): SweptOperation[] =>
  operations.filter((operation) => operation.siblings[0]?.method === operation.method);

/** Whether the operation reads a body. */
export const takesBody = (operation: ExampleRequest): boolean => operation.contentType !== undefined;
