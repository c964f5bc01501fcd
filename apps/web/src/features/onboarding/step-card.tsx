import { Card, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One wizard step: its title, its explanation and its content. */
export function StepCard({
  title,
  text,
  children,
}: {
  title: ReactNode;
  text?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {title}
          </Title>
          {text ? (
            <Text c="dimmed" mt={4}>
              {text}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
