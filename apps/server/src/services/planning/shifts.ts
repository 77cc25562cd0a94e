import { PLANNING_MESSAGES, type ShiftInput } from '@cargo/shared';
import type { DriverShiftRow } from '../../db/types.ts';
import { newId } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ShiftWithDriver } from '../../repositories/planning.ts';
import type { AuditActor } from '../audit/audit-context.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import type { Geocoder } from '../geocoder.ts';

interface Place {
  address: string;
  lat: number;
  lng: number;
}

/**
 * Drivers' shifts per date (issue 34, decision 103): hours, start and end places (the depot, DEPOT_ADDRESS, unless
 * set; geocoded when saved, so planning never waits on the geocoder) and the vehicle's capacity.
 */
export class ShiftService {
  constructor(
    private readonly repos: Repositories,
    private readonly geocoder: Geocoder,
    private readonly depotAddress: string | undefined,
  ) {}

  list(date: string): Promise<ShiftWithDriver[]> {
    return this.repos.planning.shiftsOn(date);
  }

  /** Replaces the date's shifts (one per driver); every place must be found on the map. */
  async set(date: string, inputs: readonly ShiftInput[], actor: AuditActor): Promise<ShiftWithDriver[]> {
    for (const input of inputs) {
      if (!(await this.repos.drivers.findById(input.driverId))) throw badRequest(`${PLANNING_MESSAGES.unknownDriver}: ${input.driverId}`);
    }
    const places = new Map<string, Place>();
    const placeOf = async (address: string | undefined): Promise<Place> => {
      const wanted = address ?? this.depotAddress;
      if (!wanted) throw badRequest(PLANNING_MESSAGES.noDepot);
      const known = places.get(wanted);
      if (known) return known;
      const found = await this.geocoder.geocode(wanted);
      if (!found) throw badRequest(`${PLANNING_MESSAGES.placeNotFound}: ${wanted}`);
      const place = { address: wanted, lat: found.lat, lng: found.lng };
      places.set(wanted, place);
      return place;
    };
    const at = nowIso();
    const rows: DriverShiftRow[] = [];
    for (const input of inputs) {
      const start = await placeOf(input.startAddress);
      const end = await placeOf(input.endAddress ?? input.startAddress);
      rows.push({
        id: newId(),
        driverId: input.driverId,
        date,
        startTime: input.startTime,
        endTime: input.endTime,
        startAddress: start.address,
        startLat: start.lat,
        startLng: start.lng,
        endAddress: end.address,
        endLat: end.lat,
        endLng: end.lng,
        capacityPackages: input.capacityPackages,
        capacityWeightKg: input.capacityWeightKg ?? null,
        createdAt: at,
        updatedAt: at,
      });
    }
    await this.write(date, rows, actor, at);
    return this.list(date);
  }

  /** Copies the shifts of the latest earlier date that has any onto `date`, replacing what it had. */
  async copyPrevious(date: string, actor: AuditActor): Promise<{ from: string; shifts: ShiftWithDriver[] }> {
    const from = await this.repos.planning.latestDateBefore(date);
    if (!from) throw badRequest(PLANNING_MESSAGES.noPreviousShifts);
    const at = nowIso();
    const rows = (await this.repos.planning.shiftsOn(from)).map(({ driverName: _name, ...row }) => ({ ...row, id: newId(), date, createdAt: at, updatedAt: at }));
    await this.write(date, rows, actor, at);
    return { from, shifts: await this.list(date) };
  }

  private async write(date: string, rows: DriverShiftRow[], actor: AuditActor, at: string): Promise<void> {
    await this.repos.transaction(async (trx) => {
      const before = await trx.planning.shiftsOn(date);
      await trx.planning.replaceShifts(date, rows);
      await recordAudit(
        trx,
        {
          action: 'planning.shifts_set',
          objectType: 'planning_day',
          objectId: date,
          before: { shifts: before.map(summary) },
          after: { shifts: rows.map(summary) },
          actor,
        },
        at,
      );
    });
  }
}

const summary = (s: DriverShiftRow) =>
  `${s.driverId} ${s.startTime}-${s.endTime} ${s.capacityPackages}${s.capacityWeightKg === null ? '' : `/${s.capacityWeightKg}kg`} ${s.startAddress} → ${s.endAddress}`;
