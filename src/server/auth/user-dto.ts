import type { User } from '../../shared/schemas/auth';
import type { UserRow } from '../db/schema';
import { fileUrl } from '../files/urls';

/** The docs/product/model.md User as the API shows it; tokens and internal columns never leave the server. */
export function toUserDto(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    phoneNumber: row.phone_number,
    companyName: row.company_name,
    role: row.role,
    reassign: row.reassign,
    companyLogo: row.company_logo_file_id ? fileUrl(row.company_logo_file_id) : null,
  };
}
