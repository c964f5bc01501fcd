import { IconRobot, IconUser } from "@tabler/icons-react";
import { useState } from "react";
import { displayName } from "../lib/session";
import { stringHue } from "../lib/string-hue";

export interface AvatarUser {
  email: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  imageKey: string | null;
  agentUser: boolean;
}

export interface UserAvatarProps {
  user: AvatarUser;
  /** Pixels; document 1 §9 default 68. */
  size?: number;
  /** The text for assistive technology: the user's name unless given; "" where a name is beside it. */
  alt?: string;
}

export const userImageUrl = (imageKey: string) => `/api/public/image/${encodeURIComponent(imageKey)}`;

/**
 * The uploaded picture, else an icon (a robot for device users, a person otherwise) on a
 * colour derived from the user's address, so each person keeps their colour. A picture that does
 * not load falls back to the icon. Plain elements, not Mantine's Avatar: it is in the app's shell,
 * whose first load has a size budget (issue 19).
 */
export function UserAvatar({ user, size = 68, alt }: UserAvatarProps) {
  const name = alt ?? displayName(user);
  const [failed, setFailed] = useState<string | null>(null);
  const src = user.imageKey ? userImageUrl(user.imageKey) : null;
  const hue = stringHue(user.email ?? user.username ?? displayName(user));
  const Icon = user.agentUser ? IconRobot : IconUser;
  const box = {
    width: size,
    height: size,
    borderRadius: "50%",
    overflow: "hidden",
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flex: "none",
  } as const;
  if (src && failed !== src)
    return (
      <span style={box}>
        <img
          src={src}
          alt={name}
          width={size}
          height={size}
          style={{ objectFit: "cover", width: "100%", height: "100%" }}
          onError={() => setFailed(src)}
        />
      </span>
    );
  return (
    <span
      style={{ ...box, backgroundColor: `hsl(${hue} 55% 92%)`, color: `hsl(${hue} 45% 32%)` }}
      {...(name ? { role: "img", "aria-label": name } : { "aria-hidden": true })}
    >
      <Icon size={Math.round(size * 0.55)} stroke={1.6} aria-hidden />
    </span>
  );
}
