// Every case of the edge sweep, built from openapi.yaml: a new operation or integer parameter is swept as it is added.
import { bodyCases } from './body-cases.js';
import { plain, named, type EdgeCase } from './edge-case.js';
import { framingCases, pathMethodCases } from './method-cases.js';
import { firstOfEachPath, sweptOperations } from './operations.js';
import { pathCases } from './path-cases.js';

/** Each operation's example request as it is, at fresh values: any status it declares. */
const baseline = (operations = sweptOperations()): EdgeCase[] =>
  operations.map((operation) => ({
    rule: 'methods',
    name: named(operation, 'as its example, at fresh values'),
    operation,
    request: plain(operation),
    expect: 'declared',
  }));

export function edgeSweepCases(): EdgeCase[] {
  const operations = sweptOperations();
  return [
    ...baseline(operations),
    ...operations.flatMap(pathCases),
    ...operations.flatMap(bodyCases),
    ...firstOfEachPath(operations).flatMap(pathMethodCases),
    ...operations.flatMap(framingCases),
  ];
}
