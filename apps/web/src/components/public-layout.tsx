import { Box, Center, Container, Group, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { MainLandmark, SkipLink } from "./landmarks";
import { LanguageMenu } from "./language-menu";
import { Logo } from "./logo";
import { PageHeading } from "./page-heading";

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
      <SkipLink />
      <Group component="header" justify="space-between" px="lg" py="md">
        <Logo />
        <LanguageMenu />
      </Group>
      <MainLandmark style={{ flex: 1, display: "flex", flexDirection: "column" }}>
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
      </MainLandmark>
    </Box>
  );
}

/** The heading of a public page's card, with an optional line of explanation under it. */
export function PublicPageHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div>
      <PageHeading size="h2">{title}</PageHeading>
      {description ? (
        <Text c="dimmed" size="sm" mt={4}>
          {description}
        </Text>
      ) : null}
    </div>
  );
}
