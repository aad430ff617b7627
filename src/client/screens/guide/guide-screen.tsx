import { Panel } from '../../ui/panel';
import { ScreenHeader } from '../../ui/screen-header';
import { guideSections } from './guide-content';
import { GuideTopicBlock } from './guide-topic';
import './guide-screen.css';
import { texts } from '../../../core/texts';

/** The static guide (spec §2): the spec's six sections and the screens they leave out (ADR 068), with a table of contents. */
export function GuideScreen() {
  return (
    <div className="bb-guide">
      <ScreenHeader title={texts.guide.title} tagline={texts.guide.tagline} />
      <div className="bb-guide__layout">
        <nav className="bb-guide__toc" aria-label={texts.guide.sections}>
          <p className="bb-guide__toc-title" aria-hidden="true">
            {texts.guide.index}
          </p>
          <ol>
            {guideSections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>
                  <span className="bb-guide__toc-num" aria-hidden="true">
                    {String(i + 1).padStart(2, '0')}
                  </span>
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="bb-guide__sections">
          {guideSections.map((section) => (
            <Panel key={section.id} id={section.id} title={section.title} className="bb-guide__section">
              <p className="bb-guide__intro">{section.intro}</p>
              {section.topics.map((topic) => (
                <GuideTopicBlock key={topic.heading} topic={topic} />
              ))}
            </Panel>
          ))}
        </div>
      </div>
    </div>
  );
}
