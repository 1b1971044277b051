import { Avatar, type AvatarProps } from '@mui/material';
import { GENDER } from '../../domain/codes';
import { useAuthImage } from './AuthImage';
import female from '../assets/avatar-female.svg';
import male from '../assets/avatar-male.svg';

/** The default picture when a user has none: gender 2 female, otherwise male (docs/PRODUCT.md §2 "Card layout"). */
export const defaultAvatar = (gender: unknown): string => (Number(gender) === GENDER.female ? female : male);

/** A user's photo (fetched with the bearer token: see useAuthImage), the default picture until then or without one. */
export const UserAvatar = ({
  photo,
  gender,
  name,
  size = 40,
  ...props
}: AvatarProps & { photo?: string | null; gender?: unknown; name?: string; size?: number }) => {
  const url = useAuthImage(photo);
  return (
    <Avatar
      src={url ?? defaultAvatar(gender)}
      alt={name ?? ''}
      sx={{ width: size, height: size, bgcolor: 'transparent' }}
      {...props}
    />
  );
};
