import { Avatar, type AvatarProps } from "@mantine/core";
import { IconRobot, IconUser } from "@tabler/icons-react";
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

export interface UserAvatarProps extends Omit<AvatarProps, "src" | "children" | "color"> {
  user: AvatarUser;
  /** Pixels; document 1 §9 default 68. */
  size?: number;
}

export const userImageUrl = (imageKey: string) => `/api/public/image/${encodeURIComponent(imageKey)}`;

/**
 * The uploaded picture, else an icon (a robot for device users, a person otherwise) on a
 * colour derived from the user's address, so each person keeps their colour.
 */
export function UserAvatar({ user, size = 68, ...props }: UserAvatarProps) {
  const name = displayName(user);
  const hue = stringHue(user.email ?? user.username ?? name);
  const Icon = user.agentUser ? IconRobot : IconUser;
  return (
    <Avatar
      size={size}
      radius="xl"
      alt={name}
      src={user.imageKey ? userImageUrl(user.imageKey) : null}
      styles={{
        placeholder: { backgroundColor: `hsl(${hue} 55% 92%)`, color: `hsl(${hue} 45% 32%)` },
      }}
      {...props}
    >
      <Icon size={Math.round(size * 0.55)} stroke={1.6} aria-hidden />
    </Avatar>
  );
}
