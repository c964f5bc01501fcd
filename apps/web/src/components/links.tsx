import {
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  NavLink,
  type NavLinkProps,
} from "@mantine/core";
import { createLink, type LinkComponent } from "@tanstack/react-router";
import type { ComponentPropsWithRef } from "react";

/** Mantine components as type-safe router links (`to`, `params`, `search` are checked). */

type AnchorBaseProps = Omit<AnchorProps, "href"> & ComponentPropsWithRef<"a">;
function AnchorBase(props: AnchorBaseProps) {
  return <Anchor {...props} />;
}
const CreatedAnchorLink = createLink(AnchorBase);
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <CreatedAnchorLink {...props} />;

type ButtonBaseProps = Omit<ButtonProps, "href"> & Omit<ComponentPropsWithRef<"a">, "color" | "style">;
function ButtonBase(props: ButtonBaseProps) {
  return <Button component="a" {...props} />;
}
const CreatedButtonLink = createLink(ButtonBase);
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButtonLink {...props} />;

type NavLinkBaseProps = Omit<NavLinkProps, "href"> &
  Omit<ComponentPropsWithRef<"a">, "color" | "style" | "label">;
function NavLinkBase(props: NavLinkBaseProps) {
  return <NavLink component="a" {...props} />;
}
const CreatedNavLink = createLink(NavLinkBase);
/** A menu entry that marks itself active on its route and below it. */
export const NavLinkItem: LinkComponent<typeof NavLinkBase> = (props) => (
  <CreatedNavLink activeProps={{ "data-active": true }} {...props} />
);
