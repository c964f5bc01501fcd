import type { Plan } from "@kunto/core";
import { Badge, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * What a plan leaves out, said where the item would be: the plan chip the reports put on
 * plan-limited items (the plan that includes it, an outlined badge) and a short sentence.
 */
export function PlanNote({ plan, children }: { plan: Exclude<Plan, "FREE">; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {/* Plan names are product names: not translated. */}
      <Badge size="xs" variant="outline" color="blue.9" mt={3} style={{ flexShrink: 0 }}>
        {plan}
      </Badge>
      <Text size="sm" c="dark.5">
        {children}
      </Text>
    </Group>
  );
}
