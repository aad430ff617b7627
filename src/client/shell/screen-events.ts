import type { ScreenEvents } from '../lib/socket/socket-model';
import { marketScreenEvents } from '../screens/data-exchange/market-events';

/**
 * Every screen's registration with the socket, in one list (ADR 080): the socket layer applies what a
 * screen says its events do, and names no screen itself. A screen whose events matter on every other
 * screen too (a sold item's toast) adds its registration here.
 */
export const screenEvents: readonly ScreenEvents[] = [marketScreenEvents];
