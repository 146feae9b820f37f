import { Tabs as RadixTabs } from "radix-ui";
import type { ReactNode } from "react";
import { useDir } from "~/i18n/react";

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

/** Keyboard-navigable tabs (arrow keys follow the reading direction). */
export function Tabs({
  items,
  value,
  defaultValue,
  onValueChange,
  label,
}: {
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (v: string) => void;
  label: string;
}) {
  const dir = useDir();
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={onValueChange}
      dir={dir}
    >
      <RadixTabs.List aria-label={label} className="mb-4 flex gap-1 overflow-x-auto border-b border-line">
        {items.map((i) => (
          <RadixTabs.Trigger
            key={i.value}
            value={i.value}
            disabled={i.disabled}
            className="-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted data-[state=active]:border-brand-600 data-[state=active]:text-ink disabled:opacity-50"
          >
            {i.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((i) => (
        <RadixTabs.Content key={i.value} value={i.value}>
          {i.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
