import { Title, type TitleProps } from "@mantine/core";
import { useEffect, useRef } from "react";
import { takeHeadingFocus } from "../lib/focus";

/** A page's one h1; it receives the focus when the person has just navigated to the page. */
export function PageHeading(props: Omit<TitleProps, "order">) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeHeadingFocus()) ref.current?.focus();
  }, []);
  return <Title order={1} ref={ref} tabIndex={-1} {...props} />;
}
