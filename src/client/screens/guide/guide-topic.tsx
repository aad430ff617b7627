import type { GuideTopic } from './guide-content';

/** One topic of a guide section: a small heading and its lines as a list. */
export function GuideTopicBlock({ topic }: { topic: GuideTopic }) {
  return (
    <div className="bb-guide__topic">
      <h3 className="bb-guide__topic-title">{topic.heading}</h3>
      <ul className="bb-guide__lines">
        {topic.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
