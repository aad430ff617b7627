import { infra } from '../../core/infra';
import type { BusLogger } from './bus';
import type { HubLimits } from './hub';
import type { LeaseClaim, SharedLeases } from './socket-leases';

export type SocketRefusal = 'session' | 'address';

/** The close reason a socket refused after its upgrade gets (close code 4009). */
export const capCloseReasons = {
  session: 'too many sockets for this session',
  address: 'too many sockets from this address',
} as const;

/** One socket's place under its session's and its address's caps. */
export interface SocketPlace {
  readonly sessionId: string;
  readonly address: string;
}

interface Place extends SocketPlace {
  leaseId: string;
  claims: LeaseClaim[];
  /** The shared lease is held (released once, on close or at shutdown). */
  shared: boolean;
  closed: boolean;
}

export interface SocketCapsDeps {
  /** The caps (default: balance) and the heartbeat that refreshes leases. */
  limits: Pick<HubLimits, 'socketsPerSession' | 'socketsPerAddress' | 'heartbeatMs'>;
  /** Open sockets of every worker and instance (ADR 045); null when this process is alone. */
  leases: SharedLeases | null;
  /** Makes lease ids unique across instances. */
  instanceId: string;
  log: BusLogger;
}

/**
 * The open-socket caps per session and per address (ADR 045). This process's own sockets are counted
 * here at once; every socket also takes a lease in the shared store, so the caps hold over every
 * worker and instance. While the shared store cannot answer, this process's own count decides (the
 * limiters' fail-to-local rule).
 */
export function createSocketCaps(deps: SocketCapsDeps) {
  const local = { session: new Map<string, number>(), address: new Map<string, number>() };
  const held = new Set<Place>();
  let nextLease = 0;
  const perSession = deps.limits.socketsPerSession ?? infra.socketsPerSession;
  const perAddress = deps.limits.socketsPerAddress ?? infra.socketsPerAddress;
  // A lease outlives a few missed refreshes: an instance that died frees its places after that.
  const leaseTtlMs = deps.limits.heartbeatMs * infra.socketLeaseHeartbeats;

  const claimsOf = (sessionId: string, address: string): LeaseClaim[] => [
    { name: 'session', key: sessionId, cap: perSession },
    { name: 'address', key: address, cap: perAddress },
  ];
  const refusalAt = (index: number): SocketRefusal | null => (index === 0 ? 'session' : index === 1 ? 'address' : null);
  const bump = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };
  function localRefusal(sessionId: string, address: string): SocketRefusal | null {
    if ((local.session.get(sessionId) ?? 0) >= perSession) return 'session';
    if ((local.address.get(address) ?? 0) >= perAddress) return 'address';
    return null;
  }
  function fellBack(error: unknown): null {
    deps.log.warn({ err: error }, 'socket caps: the shared leases did not answer; this process counted alone');
    return null;
  }
  function releaseShared(place: Place): Promise<void> {
    if (!place.shared || !deps.leases) return Promise.resolve();
    place.shared = false;
    held.delete(place);
    return deps.leases
      .release(place.leaseId, place.claims)
      .catch(
        (error: unknown) => void deps.log.warn({ err: error }, 'socket caps: a lease was not released; it expires'),
      );
  }

  return {
    /** Why another socket would be refused, asked before the upgrade (takes no place). */
    async refusal(sessionId: string, address: string): Promise<SocketRefusal | null> {
      const here = localRefusal(sessionId, address);
      if (here || !deps.leases) return here;
      return deps.leases.check(claimsOf(sessionId, address)).then(refusalAt, fellBack);
    },

    /**
     * Takes a place for a socket that upgraded: refused at once if this process is at a cap, else
     * counted here, and `shared` settles with the shared store's verdict (a refusal means: close it).
     */
    admit(
      sessionId: string,
      address: string,
    ): { refused: SocketRefusal } | { place: SocketPlace; shared: Promise<SocketRefusal | null> } {
      const here = localRefusal(sessionId, address);
      if (here) return { refused: here };
      bump(local.session, sessionId, 1);
      bump(local.address, address, 1);
      const place: Place = {
        sessionId,
        address,
        leaseId: `${deps.instanceId}:${++nextLease}`,
        claims: claimsOf(sessionId, address),
        shared: false,
        closed: false,
      };
      if (!deps.leases) return { place, shared: Promise.resolve(null) };
      const shared = deps.leases.acquire(place.leaseId, place.claims, leaseTtlMs).then((full) => {
        if (full !== -1) return refusalAt(full);
        place.shared = true;
        held.add(place);
        // The socket closed while the lease was being taken: give it straight back.
        if (place.closed) void releaseShared(place);
        return null;
      }, fellBack);
      return { place, shared };
    },

    /** The socket closed: its places here and in the shared store are free. */
    release(socketPlace: SocketPlace): void {
      const place = socketPlace as Place;
      if (place.closed) return;
      place.closed = true;
      bump(local.session, place.sessionId, -1);
      bump(local.address, place.address, -1);
      void releaseShared(place);
    },

    /** Keeps this process's leases alive (every heartbeat). */
    refresh(): void {
      if (!deps.leases || held.size === 0) return;
      deps.leases
        .refresh([...held], leaseTtlMs)
        .catch((error: unknown) => deps.log.warn({ err: error }, 'socket caps: leases not refreshed'));
    },

    /** Gives back every shared lease (shutdown: the sockets are closing and their close events may come late). */
    releaseAll: () => Promise.all([...held].map(releaseShared)).then(() => undefined),
  };
}

export type SocketCaps = ReturnType<typeof createSocketCaps>;
