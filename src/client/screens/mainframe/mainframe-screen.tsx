import { useState } from 'react';
import { useIsNarrowScreen } from '../../lib/use-media-query';
import { useUnreadState } from '../../shell/use-unread-badge';
import { useSession } from '../../session/session-context';
import { useProgress } from '../../taps/progress-provider';
import { ScreenHeader } from '../../ui/screen-header';
import { Tabs, type TabItem } from '../../ui/tabs';
import { BinaryPanel } from './binary-panel';
import { ChatPanel } from '../../chat/chat-panel';
import { LevelUpBanner } from './level-up-banner';
import { MissionPanel } from './mission-panel';
import { StatsPanel } from './stats-panel';
import { useBinaryInput } from './use-binary-input';
import { useDigitKeys } from './use-digit-keys';
import { useLevelUp } from './use-level-up';
import './mainframe-screen.css';
import { texts } from '../../../core/texts';

type MobileTab = 'mainframe' | 'chat';
/** The phone's MAINFRAME/CHAT tabs; CHAT carries the unread '!' while the player is on the other tab. */
const mobileTabs = (chatUnread: boolean): readonly TabItem<MobileTab>[] => [
  { key: 'mainframe', label: texts.mainframe.mainframeTab, panelId: 'mainframe-tab-panel' },
  {
    key: 'chat',
    label: texts.mainframe.chatTab,
    panelId: 'chat-tab-panel',
    ...(chatUnread ? { badge: texts.shell.unreadSpoken } : {}),
  },
];

/** The main game screen (spec §2): stats | binary panel, chat under it, missions beside. */
export function MainframeScreen() {
  const session = useSession();
  const progress = useProgress();
  const narrow = useIsNarrowScreen();
  const [tab, setTab] = useState<MobileTab>('mainframe');
  const unread = useUnreadState();
  const levelUp = useLevelUp();
  const binary = useBinaryInput(Math.random, () => {
    const { levelsGained, level } = progress.recordDecode();
    if (levelsGained > 0) levelUp.announce(level);
  });
  useDigitKeys(binary.type);

  const serverDecodes = session.user?.totalTaps ?? 0;
  const stats = <StatsPanel user={progress.user} onRefresh={session.refetchUser} collapsible={narrow} />;
  // The banner sits over the decoder's title bar, never over a row the player reads or types (7e).
  const banner = levelUp.level !== null ? <LevelUpBanner level={levelUp.level} /> : null;
  const decoder = (
    <BinaryPanel state={binary.state} shaking={binary.shaking} narrow={narrow} onDigit={binary.type} banner={banner} />
  );

  if (narrow) {
    return (
      <div className="bb-mainframe bb-mainframe--narrow">
        <ScreenHeader title={texts.mainframe.title} />
        <Tabs<MobileTab>
          label={texts.mainframe.viewTabs}
          items={mobileTabs(unread.chat && tab !== 'chat')}
          selected={tab}
          onSelect={setTab}
          idPrefix="mainframe"
        />
        <div
          id="mainframe-tab-panel"
          role="tabpanel"
          aria-labelledby="mainframe-tab-mainframe"
          hidden={tab !== 'mainframe'}
          className="bb-mainframe__stack"
        >
          {stats}
          {decoder}
          <MissionPanel serverDecodes={serverDecodes} />
        </div>
        <div id="chat-tab-panel" role="tabpanel" aria-labelledby="mainframe-tab-chat" hidden={tab !== 'chat'}>
          <ChatPanel visible={tab === 'chat'} />
        </div>
      </div>
    );
  }

  return (
    <div className="bb-mainframe">
      <ScreenHeader title={texts.mainframe.title} tagline={texts.mainframe.tagline} />
      <div className="bb-mainframe__grid">
        <div className="bb-mainframe__side">
          {stats}
          <MissionPanel serverDecodes={serverDecodes} />
        </div>
        <div className="bb-mainframe__center">
          {decoder}
          <ChatPanel visible />
        </div>
      </div>
    </div>
  );
}
