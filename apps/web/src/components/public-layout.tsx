import { Box, Center, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { LanguageMenu } from "./language-menu";
import { Logo } from "./logo";

/** The frame of the pages before sign-in: word mark, language menu and one centred card. */
export function PublicLayout({
  children,
  footer,
  width = 440,
}: {
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}) {
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <Group justify="space-between" px="lg" py="md">
        <Logo />
        <LanguageMenu />
      </Group>
      <Center style={{ flex: 1 }} px="md" pb="xl">
        <Container size={width} w="100%" p={0}>
          <Stack gap="md">
            <Paper withBorder shadow="sm" p={{ base: "lg", sm: "xl" }}>
              {children}
            </Paper>
            {footer}
          </Stack>
        </Container>
      </Center>
    </Box>
  );
}

/** The heading of a public page's card, with an optional line of explanation under it. */
export function PublicPageHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm" mt={4}>
          {description}
        </Text>
      ) : null}
    </div>
  );
}
