import { Tabs } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { usePhoneLayout } from '@/lib/use-phone-layout.ts';

/** One tab of a page: `value` is its name in the URL (`?tab=sign-in`). */
export interface PageTab {
  value: string;
  label: string;
  icon: Icon;
  /** Rendered only while the tab is open, so a tab's calls start when it is opened. */
  panel: () => ReactNode;
}

interface PageTabsProps {
  /** In the order shown; adding a tab is adding an entry. */
  tabs: readonly PageTab[];
  /** Names the tab list for screen readers ('Sections of Fleet Ops'). */
  label: string;
}

/**
 * A page's sections as tabs, the open one in the URL (`?tab=`), so a link or a reload opens it again; the
 * first tab when none or an unknown one is named. On a phone the tabs drop their icons and wrap onto a
 * second line when they still do not fit.
 */
export function PageTabs({ tabs, label }: PageTabsProps) {
  const phone = usePhoneLayout();
  const [params, setParams] = useSearchParams();
  const named = params.get('tab');
  const open = tabs.find((tab) => tab.value === named)?.value ?? tabs[0]?.value ?? null;

  const choose = (value: string | null) => {
    if (!value || value === open) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === tabs[0]?.value) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Tabs value={open} onChange={choose} keepMounted={false}>
      <Tabs.List aria-label={label} mb="lg">
        {tabs.map(({ value, label: name, icon: TabIcon }) => (
          <Tabs.Tab key={value} value={value} px={phone ? 'sm' : 'md'} leftSection={phone ? undefined : <TabIcon size={16} aria-hidden />}>
            {name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.value === open && tab.panel()}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
