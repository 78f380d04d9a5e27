import type { CycleTemplateDraft, CycleTemplateDraftInput, Phase } from '../../../generated/index.js';
import { repeatedPhaseIds } from '../../contract/phase-ids.js';
import { HttpProblem, type FieldError } from '../../errors/problem.js';
import { nextTimestamp, sameInstant } from '../../lib/time.js';
import type { Context } from '../shared/context.js';
import { checkPreconditions } from '../shared/preconditions.js';

export async function getDraft(
  { store }: Context,
  { templateId }: { templateId: string },
): Promise<CycleTemplateDraft> {
  const draft = await store.get<CycleTemplateDraft>('drafts', templateId.toLowerCase());
  if (!draft) throw new HttpProblem('not-found', `No draft of template ${templateId}.`);
  return draft;
}

/** Saves the one draft of a template, honouring If-Match and If-None-Match (412), then `createOnly` and `expectedDraftUpdatedAt` (409). */
export async function saveDraft(
  { store, clock, caller, preconditions = {} }: Context,
  { templateId, draft: input }: { templateId: string; draft: CycleTemplateDraftInput },
): Promise<{ draft: CycleTemplateDraft; created: boolean }> {
  rejectRepeatedPhaseIds(input.phasesTemplate);
  const id = templateId.toLowerCase();
  const { previous, current } = await store.update<CycleTemplateDraft>(
    'drafts',
    id,
    (stored) => {
      checkPreconditions(preconditions, () => stored);
      checkExpectations(input, stored);
      const updatedAt = nextTimestamp(stored?.updatedAt, clock.now());
      return {
        templateId: id,
        triggerName: input.triggerName,
        description: input.description,
        phasesTemplate: input.phasesTemplate,
        createdAt: stored?.createdAt ?? updatedAt,
        updatedAt,
        updatedBy: caller,
      };
    },
    { owner: caller },
  ); // shared: it counts against whoever saved it last
  return { draft: current as CycleTemplateDraft, created: previous === undefined };
}

function checkExpectations(input: CycleTemplateDraftInput, stored: CycleTemplateDraft | undefined): void {
  if (input.createOnly === true && stored) {
    throw conflict('A draft of this template already exists and createOnly is true.', stored);
  }
  const expected = input.expectedDraftUpdatedAt;
  if (expected === undefined) return;
  if (!stored)
    throw conflict('No draft of this template exists yet, so none can be at expectedDraftUpdatedAt.', stored);
  if (!sameInstant(stored.updatedAt, expected)) {
    throw conflict('The draft was saved since expectedDraftUpdatedAt; reload it and retry.', stored);
  }
}

function conflict(detail: string, stored: CycleTemplateDraft | undefined): HttpProblem {
  return new HttpProblem('conflict', detail, { extensions: { updatedAt: stored?.updatedAt ?? null } });
}

function rejectRepeatedPhaseIds(phases: Phase[]): void {
  const errors: FieldError[] = repeatedPhaseIds(phases).map(({ index, first }) => ({
    path: `/body/phasesTemplate/${index}/id`,
    message: `repeats the id of phase ${first}`,
  }));
  if (errors.length > 0) {
    throw new HttpProblem('validation-failed', 'Phase ids must be unique within a draft.', { errors });
  }
}
