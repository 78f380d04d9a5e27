import type { Request, Response, Router } from 'express';
import type { Device, DeviceList, DeviceRegistration } from '../../../generated/index.js';
import { sendTagged } from '../../edge/conditional.js';
import { contextOf } from '../shared/context.js';
import { listPage } from '../shared/paging.js';
import { listDevices, readDevice, registerDevice, unregisterDevice } from './devices.js';

type DeviceParams = { appId: string; installationId: string };

/** Where one registration is read: each id percent-encoded, as the path parameters are. */
const locationOf = ({ appId, installationId }: DeviceParams) =>
  `/api/notifications/devices/${encodeURIComponent(appId)}/${encodeURIComponent(installationId)}`;

export function deviceRoutes(api: Router, pageBytes: number): void {
  api
    .get('/notifications/devices', async (req, res: Response<DeviceList>) => {
      const context = contextOf(req, res);
      res.json({ items: await listPage(req, res, (page) => listDevices(context, { page }), pageBytes) });
    })
    .put('/notifications/devices', async (req: Request<object, Device, DeviceRegistration>, res: Response<Device>) => {
      const { device, created } = await registerDevice(contextOf(req, res), { registration: req.body });
      if (created) res.setHeader('Location', locationOf(device));
      sendTagged(req, res, device, created ? 201 : 200);
    })
    .get('/notifications/devices/:appId/:installationId', async (req: Request<DeviceParams>, res: Response<Device>) => {
      sendTagged(req, res, await readDevice(contextOf(req, res), req.params));
    })
    .delete('/notifications/devices/:appId/:installationId', async (req: Request<DeviceParams>, res) => {
      await unregisterDevice(contextOf(req, res), req.params);
      res.status(204).end();
    });
}
