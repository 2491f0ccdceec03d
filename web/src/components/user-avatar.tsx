import { Avatar } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';

interface UserAvatarProps {
  user: { name: string | null; image: string | null };
  size: number;
}

/** The user's picture, else initials of the name; a neutral figure until the first sign-in brings a name. */
export function UserAvatar({ user, size }: UserAvatarProps) {
  if (!user.name) {
    return (
      <Avatar aria-hidden src={user.image} alt="" size={size} radius="xl" color="gray">
        <IconUser size={Math.round(size * 0.55)} stroke={1.6} />
      </Avatar>
    );
  }
  return <Avatar aria-hidden src={user.image} alt="" size={size} radius="xl" name={user.name} color="initials" />;
}
