import type { App, DashboardApp } from '@portal/contract';
import { Box, Card, Grid, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { SectionHeading } from '@/components/section-heading.tsx';
import { cardOf, formFromApp } from './app-form-values.ts';
import { AppForm } from './app-form.tsx';

interface AppDetailsProps {
  app: App;
  /** The dashboard's own card for an app (the dashboard's feature draws it). */
  card: (app: DashboardApp) => ReactNode;
}

/**
 * The app page's Details tab: the app's fields, and beside them (above them on a phone) its card as
 * players see it on their dashboard, following every keystroke before anything is saved.
 */
export function AppDetails({ app, card }: AppDetailsProps) {
  const [values, setValues] = useState(() => formFromApp(app));
  const [formKey, setFormKey] = useState(0);
  const notice = useFeedback();

  const restart = () => {
    setValues(formFromApp(app));
    setFormKey((k) => k + 1);
  };

  return (
    <Stack gap="lg">
      <ActionFeedback feedback={notice.feedback} onClose={notice.clear} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Box pos="sticky" top="calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-md))">
            <Card component="section" aria-labelledby="app-preview-title">
              <Stack gap="md">
                <SectionHeading
                  id="app-preview-title"
                  title="Preview"
                  description="The app's card on the dashboard, as it will look once saved."
                />
                <Box aria-live="off">{card(cardOf(values, app.id))}</Box>
              </Stack>
            </Card>
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <AppForm
            key={formKey}
            app={app}
            inPlace
            onValuesChange={setValues}
            onSaveStart={notice.clear}
            onSaved={(name) => notice.succeed(`App "${name}" saved.`)}
            onCancel={() => {
              notice.clear();
              restart();
            }}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
