import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from '@/components/ui/button';

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 1.25rem;
`;

const Tab = styled.button<{ $selected: boolean }>`
  font: inherit;
  font-weight: 600;
  padding: 0.65rem 1.1rem;
  border: none;
  border-bottom: 3px solid ${({ theme, $selected }) => ($selected ? theme.colors.brand : 'transparent')};
  margin-bottom: -2px;
  background: ${({ theme, $selected }) => ($selected ? theme.colors.brandSoft : 'transparent')};
  color: ${({ theme, $selected }) => ($selected ? theme.colors.brand : theme.colors.text)};
  border-radius: ${({ theme }) => theme.radius.md} ${({ theme }) => theme.radius.md} 0 0;
  cursor: pointer;
  ${focusRing}
`;

export interface TabItem<K extends string> {
  key: K;
  label: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move between tabs and select them;
 * only the selected panel is rendered, so a tab's queries run when it is first opened.
 */
export function Tabs<K extends string>({ items, selected, onSelect, label }: { items: TabItem<K>[]; selected: K; onSelect: (key: K) => void; label: string }) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const current = items.find((item) => item.key === selected) ?? items[0];

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = items.findIndex((item) => item.key === selected);
    const next =
      event.key === 'ArrowRight' ? (index + 1) % items.length
      : event.key === 'ArrowLeft' ? (index - 1 + items.length) % items.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? items.length - 1
      : -1;
    if (next < 0) return;
    event.preventDefault();
    onSelect(items[next].key);
    refs.current.get(items[next].key)?.focus();
  }

  return (
    <div>
      <List role="tablist" aria-label={label}>
        {items.map((item) => {
          const isSelected = item.key === current.key;
          return (
            <Tab
              key={item.key}
              ref={(el) => {
                if (el) refs.current.set(item.key, el);
                else refs.current.delete(item.key);
              }}
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={isSelected}
              // Only the selected tab's panel exists, so only it is named.
              aria-controls={isSelected ? `${baseId}-panel-${item.key}` : undefined}
              tabIndex={isSelected ? 0 : -1}
              $selected={isSelected}
              onClick={() => onSelect(item.key)}
              onKeyDown={onKeyDown}
              data-testid={`admin-tab-${item.key}`}
            >
              {item.label}
            </Tab>
          );
        })}
      </List>
      <div role="tabpanel" id={`${baseId}-panel-${current.key}`} aria-labelledby={`${baseId}-tab-${current.key}`} data-testid={`admin-panel-${current.key}`}>
        {current.content}
      </div>
    </div>
  );
}
