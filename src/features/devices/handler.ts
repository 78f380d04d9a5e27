import type { Request, Response, Router } from 'express';
import type { Device, DeviceList, DeviceRegistration } from '../../../generated/index.js';
import { callerOf } from '../../edge/caller.js';
import { preconditionsOf, sendTagged } from '../../edge/conditional.js';
import { clockOf, storeOf } from '../../edge/scope.js';
import { listPage } from '../shared/paging.js';
import { listDevices, registerDevice, unregisterDevice } from './devices.js';

type DeviceParams = { appId: string; installationId: string };

export function deviceRoutes(api: Router, pageBytes: number): void {
  api
    .get('/notifications/devices', async (req, res: Response<DeviceList>) => {
      res.json({
        items: await listPage(req, res, (page) => listDevices(storeOf(res), callerOf(res), page), pageBytes),
      });
    })
    .put('/notifications/devices', async (req: Request<object, Device, DeviceRegistration>, res: Response<Device>) => {
      const { device, created } = await registerDevice(
        storeOf(res),
        clockOf(res),
        callerOf(res),
        req.body,
        preconditionsOf(req),
      );
      sendTagged(req, res, device, created ? 201 : 200);
    })
    .delete('/notifications/devices/:appId/:installationId', async (req: Request<DeviceParams>, res) => {
      await unregisterDevice(
        storeOf(res),
        callerOf(res),
        req.params.appId,
        req.params.installationId,
        preconditionsOf(req),
      );
      res.status(204).end();
    });
}
