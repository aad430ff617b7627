import { useRef, type KeyboardEvent } from 'react';
import './tabs.css';
import './unread-badge.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** id of the panel this tab controls. */
  panelId: string;
  /** Something new waits behind this tab: a red '!' beside the label, spoken as `badge`. */
  badge?: string;
}

export interface TabsProps<K extends string> {
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect(key: K): void;
  idPrefix: string;
}

/** An ARIA tablist: arrow keys move between tabs, the selected one is the only tab stop. */
export function Tabs<K extends string>({ label, items, selected, onSelect, idPrefix }: TabsProps<K>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.key === selected);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    const item = items[next];
    if (!item) return;
    event.preventDefault();
    onSelect(item.key);
    refs.current[next]?.focus();
  }

  return (
    <div className="bb-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item, i) => {
        const isSelected = item.key === selected;
        return (
          <button
            key={item.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${item.key}`}
            aria-selected={isSelected}
            aria-controls={item.panelId}
            tabIndex={isSelected ? 0 : -1}
            className="bb-tabs__tab"
            onClick={() => onSelect(item.key)}
          >
            {item.label}
            {item.badge ? (
              <span className="bb-unread-badge bb-tabs__badge" data-testid={`tab-badge-${item.key}`}>
                !<span className="bb-visually-hidden">{item.badge}</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
