import type { ReturnRule } from '@return-center/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleWords, type SummaryShop } from './rule-summary';

interface Props {
  rules: ReturnRule[];
  shop: SummaryShop;
  editable: boolean;
  onChange: (rules: ReturnRule[]) => void;
  onEdit: (index: number) => void;
}

/**
 * The ordered rules: each with its words, a switch, and (for the owner) buttons that move it, edit it or remove it. A
 * moved rule keeps the focus on the button that moved it, and the move is said aloud.
 */
export function RuleList({ rules, shop, editable, onChange, onEdit }: Props) {
  const { t } = useTranslation();
  const [moved, setMoved] = useState<{ id: string; button: 'up' | 'down'; said: string } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!moved) return;
    const button = (which: string) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${moved.id}-${which}"]`) ?? null;
    // At the top or the bottom its button in that direction is off: the other one takes the focus.
    const same = button(moved.button);
    (same && !same.disabled ? same : button(moved.button === 'up' ? 'down' : 'up'))?.focus();
  }, [moved]);
  const [dragged, setDragged] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    const next = [...rules];
    const [rule] = next.splice(from, 1);
    if (!rule || from === to) return;
    next.splice(to, 0, rule);
    onChange(next);
    const said = t('rules.moved', { name: rule.name, position: to + 1, count: rules.length });
    setMoved({ id: rule.id, button: to < from ? 'up' : 'down', said });
  };
  // Dragging is the pointer's way; the Move buttons are the keyboard's (and a screen reader's), so the handle is hidden.
  const dropTarget = (index: number) =>
    editable
      ? {
          onDragOver: (event: React.DragEvent) => {
            if (dragged !== null) event.preventDefault();
          },
          onDrop: (event: React.DragEvent) => {
            event.preventDefault();
            if (dragged !== null) move(dragged, index);
            setDragged(null);
          },
        }
      : {};
  if (rules.length === 0) return <p className="muted">{t('rules.empty')}</p>;
  return (
    <>
      <ol ref={list} className="rule-list" aria-label={t('rules.listLabel')}>
        {rules.map((rule, index) => (
          <li
            key={rule.id}
            className={`card rule-item${dragged === index ? ' dragging' : ''}`}
            data-rule={rule.id}
            {...dropTarget(index)}
          >
            <div className="rule-item-head">
              {editable ? (
                <span
                  className="drag-handle"
                  aria-hidden="true"
                  title={t('rules.drag')}
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', rule.id);
                    setDragged(index);
                  }}
                  onDragEnd={() => setDragged(null)}
                >
                  ⠿
                </span>
              ) : null}
              <button
                type="button"
                role="switch"
                aria-checked={rule.enabled}
                aria-label={t('rules.enabled', { name: rule.name })}
                className="switch"
                disabled={!editable}
                onClick={() => onChange(rules.map((r, i) => (i === index ? { ...r, enabled: !r.enabled } : r)))}
              >
                <span aria-hidden="true">{rule.enabled ? t('rules.on') : t('rules.off')}</span>
              </button>
              <strong>{rule.name}</strong>
            </div>
            <p className="muted">{ruleWords(rule, t, shop)}</p>
            {editable ? (
              <div className="rule-item-actions">
                <button
                  type="button"
                  className="button secondary small"
                  data-move={`${rule.id}-up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  {t('rules.moveUp', { name: rule.name })}
                </button>
                <button
                  type="button"
                  className="button secondary small"
                  data-move={`${rule.id}-down`}
                  disabled={index === rules.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  {t('rules.moveDown', { name: rule.name })}
                </button>
                <button
                  type="button"
                  className="button secondary small"
                  data-edit={rule.id}
                  onClick={() => onEdit(index)}
                >
                  {t('rules.edit', { name: rule.name })}
                </button>
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() => onChange(rules.filter((_, i) => i !== index))}
                >
                  {t('rules.remove', { name: rule.name })}
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {moved?.said ?? ''}
      </p>
    </>
  );
}
