import { expect } from 'chai';
import { compileShapes } from '../../src/contract/member-shapes.js';
import { loadSpec } from '../../src/contract/spec.js';
import { lowerCaseUuids } from '../../src/contract/uuid-case.js';

const shapeOf = compileShapes(loadSpec());
const lower = (schema: string, value: unknown) =>
  lowerCaseUuids(value, shapeOf({ $ref: `#/components/schemas/${schema}` }));
const ID = 'F47AC10B-58CC-4372-A567-0E02B2C3D479';

describe('UUIDs in lower case (src/contract/uuid-case.ts)', () => {
  it('when a uuid is sent in upper case, then it is kept in lower case; other strings, and members it does not name, as sent', () => {
    expect(lower('ReadMarkerInput', { streamId: ID, lastReadMessageId: ID, note: ID })).to.deep.equal({
      streamId: ID.toLowerCase(),
      lastReadMessageId: ID.toLowerCase(),
      note: ID,
    });
  });

  it('when ids are not declared uuid, then they are kept as sent', () => {
    expect(lower('NavigationPatch', { pinnedStreamIds: [ID] })).to.deep.equal({ pinnedStreamIds: [ID] });
  });

  it('when a string at a uuid position is not a UUID, then it is kept as sent', () => {
    expect(lower('ReadMarkerInput', { streamId: 'NOT-A-UUID', lastReadMessageId: ID })).to.deep.equal({
      streamId: 'NOT-A-UUID',
      lastReadMessageId: ID.toLowerCase(),
    });
  });

  it('when nothing changes, then the value is the very same object; when one uuid changes, then only its path is copied', () => {
    const device = { installationId: ID, appId: 'com.example', transportMetadata: { topic: ID } };
    expect(lower('DeviceRegistration', device), 'no uuid position in a device').to.equal(device);
    const sent = { streamId: ID.toLowerCase(), lastReadMessageId: ID.toLowerCase() };
    expect(lower('ReadMarkerInput', sent)).to.equal(sent);
    const upper = { streamId: ID, lastReadMessageId: ID.toLowerCase() };
    const kept = lower('ReadMarkerInput', upper);
    expect(kept).to.not.equal(upper);
    expect(upper.streamId, 'the sent value is not changed in place').to.equal(ID);
  });

  it('when a shape holds no uuid anywhere below, then it is not walked; when it does, it is', () => {
    expect(shapeOf({ $ref: '#/components/schemas/DeviceRegistration' }).uuids).to.equal(false);
    expect(shapeOf({ $ref: '#/components/schemas/ReadMarkerInput' }).uuids).to.equal(true);
  });
});
