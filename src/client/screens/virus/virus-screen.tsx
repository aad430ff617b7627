import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { texts } from '../../../core/texts';
import { Panel } from '../../ui/panel';
import { ScreenHeader } from '../../ui/screen-header';
import { HistoryPanel } from './history-panel';
import { OddsPanel } from './odds-panel';
import { PackageCard } from './package-card';
import { PaymentDialog } from './payment-dialog';
import { useCheckout } from './use-checkout';
import { useVirusShop } from './use-virus';
import { buyCommand, limitLine, needsDocumentLoad, packageCards, returnedIntent } from './virus-model';
import { useCountdown } from '../optimizer/use-countdown';
import { balance } from '../../../core/balance';
import { WarningCard } from './warning-card';
import './virus-screen.css';

const t = texts.virus;

/** spec §2 Virus: drop rates, single and bundle cards, the warning card, the payment dialog, and the receipts. */
export function VirusScreen() {
  const shop = useVirusShop();
  const checkout = useCheckout();
  const location = useLocation();
  const navigate = useNavigate();
  const returned = useRef(false);
  const mode = shop.data?.mode ?? 'off';
  // The buy command that opened the payment dialog: focus goes back to it when the dialog closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  const cooldownEndsAt =
    shop.data && shop.data.cooldownLeftSeconds > 0 ? shop.dataUpdatedAt + shop.data.cooldownLeftSeconds * 1000 : null;
  const command = buyCommand(
    mode,
    checkout.starting,
    useCountdown(cooldownEndsAt, shop.dataUpdatedAt, shop.dataUpdatedAt),
  );

  useEffect(() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (needsDocumentLoad(mode, entry?.name)) window.location.assign('/virus');
  }, [mode]);

  useEffect(() => {
    const id = returnedIntent(location.search);
    if (!id || returned.current) return;
    returned.current = true;
    checkout.completeReturned(id);
    void navigate('/virus', { replace: true });
  }, [location.search, checkout, navigate]);

  const limit = shop.data ? limitLine(shop.data.spentTodayCents, shop.data.dailyLimitCents) : null;
  return (
    <div className="bb-virus">
      <ScreenHeader title={t.title} tagline={t.tagline} />
      {shop.data && mode === 'off' ? (
        <p className="bb-virus__notice" role="status">
          {t.notConfigured}
        </p>
      ) : null}
      {mode === 'test' ? (
        <p className="bb-virus__test-banner" role="note">
          {t.testModeBanner}
        </p>
      ) : null}
      <div className="bb-virus__grid">
        <OddsPanel />
        <Panel title={t.shopPanel} tone="telnet" className="bb-virus__shop">
          <div className="bb-virus__cards">
            {packageCards().map((card) => (
              <PackageCard
                key={card.pkg.id}
                card={card}
                command={command}
                onBuy={(button) => {
                  opener.current = button;
                  checkout.buy(card);
                }}
              />
            ))}
          </div>
          {/* Not a live region: a line changing every second would talk over everything else. */}
          {command.waitSeconds > 0 ? (
            <p className="bb-virus__cooldown">{t.cooldownNote(command.waitSeconds, balance.virusCooldownSeconds)}</p>
          ) : null}
        </Panel>
        <WarningCard limit={limit} />
      </div>
      <HistoryPanel purchases={shop.data?.purchases ?? []} />
      <PaymentDialog
        mode={mode}
        publishableKey={shop.data?.publishableKey ?? null}
        checkout={checkout}
        opener={opener}
      />
    </div>
  );
}
