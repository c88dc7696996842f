import { ACTIVITY_DETAIL_VALUE_MAX_LENGTH, MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import type { EnabledState } from '@andes/contract/common/enums';
import { buildPermissionTree } from '@andes/contract/iam/permission-tree';
import type {
  RoleAddRequest,
  RoleAddResponse,
  RoleAssignmentItem,
  RoleDetail,
  RoleModifyRequest,
  RolePage,
  RolePageRequest,
  RoleStateModifyRequest,
  RoleSummary,
} from '@andes/contract/iam/schemas';
import { closePermissions } from '@andes/contract/permissions/registry';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { cappedTotal } from '../../http/keyset-page.ts';
import type { ActivityContext, ActivityRecorder } from '../activity/activity.recorder.ts';
import { actorContext } from '../activity/activity.recorder.ts';
import { ActivityEvents } from '../activity/activity-events.ts';
import { assertCanManageRole, assertGrantable, inRegistryOrder } from './grants.ts';
import { IamErrors } from './iam.errors.ts';
import { decodeCursor, pageOfRows } from './keyset.ts';
import {
  allRoles,
  codesOfRole,
  countRoles,
  deleteRoleIfUnused,
  findRole,
  insertRole,
  listRoles,
  type RoleRow,
  replaceRolePermissions,
  setRoleState,
  updateRole,
} from './role.repository.ts';
import { isUniqueViolation } from './unique-violation.ts';
import type { IamClient } from './user.service.ts';

type PageBody = z.output<typeof RolePageRequest>;
type AddBody = z.output<typeof RoleAddRequest>;
type ModifyBody = z.output<typeof RoleModifyRequest>;

const ROLE_NAME_KEY = 'roles_merchant_id_name_key';

/** A list of codes for an activity detail, cut to the detail length with an ellipsis. */
function codeList(codes: readonly string[]): string {
  const text = codes.join(',');
  return text.length <= ACTIVITY_DETAIL_VALUE_MAX_LENGTH ? text : `${text.slice(0, ACTIVITY_DETAIL_VALUE_MAX_LENGTH - 1)}…`;
}

const summaryOf = (r: RoleRow): RoleSummary => ({
  id: r.id,
  name: r.name,
  description: r.description,
  state: r.state as EnabledState,
  userCount: Number(r.userCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The role screens. A role's codes are stored closed over ancestors and dependencies; an admin
 * grants only codes they hold and changes only roles whose codes they hold. Permissions are read
 * on every call (session.service), so a change reaches the role's holders at their next call.
 * Roles are the merchant's: sub-merchant users see them, but only the merchant's users change them.
 */
export class RoleService {
  constructor(
    private readonly db: Db,
    private readonly activity: ActivityRecorder,
    private readonly clock: Clock,
  ) {}

  private context(auth: AuthContext, client: IamClient): ActivityContext {
    return actorContext(auth, client);
  }

  async page(auth: AuthContext, body: PageBody): Promise<z.output<typeof RolePage>> {
    const afterId = body.cursor === undefined ? null : decodeCursor('role', body.cursor);
    const filter = { name: body.name, state: body.state };
    const [rows, counted] = await Promise.all([
      listRoles(this.db, auth.scope, filter, afterId, body.pageSize + 1),
      countRoles(this.db, auth.scope, filter, MAX_EXACT_TOTAL + 1),
    ]);
    const { shown, nextCursor } = pageOfRows('role', rows, body.pageSize);
    return { list: shown.map(summaryOf), ...cappedTotal(counted), nextCursor };
  }

  async assignmentList(auth: AuthContext): Promise<RoleAssignmentItem[]> {
    return (await allRoles(this.db, auth.scope)).map((r) => ({ id: r.id, name: r.name, state: r.state as EnabledState }));
  }

  private async requireRole(auth: AuthContext, id: number): Promise<RoleRow> {
    const role = await findRole(this.db, auth.scope, id);
    if (!role) throw IamErrors.roleNotFound();
    return role;
  }

  /** The role, its codes, and the tree the caller edits: what they may grant, checked where the role holds it. */
  async detail(auth: AuthContext, id: number): Promise<RoleDetail> {
    const role = await this.requireRole(auth, id);
    const codes = await codesOfRole(this.db, auth.scope, id);
    return {
      ...summaryOf(role),
      permissions: inRegistryOrder(closePermissions(codes)),
      tree: buildPermissionTree(auth.permissions, codes),
    };
  }

  private assertMerchantUser(auth: AuthContext): void {
    if (auth.scope.subMerchantId !== null) throw IamErrors.rolesOfMerchant();
  }

  /** A role the caller changes: theirs to see, and granting nothing beyond their own permissions. */
  private async manageableRole(auth: AuthContext, id: number): Promise<{ role: RoleRow; codes: string[] }> {
    this.assertMerchantUser(auth);
    const role = await this.requireRole(auth, id);
    const codes = await codesOfRole(this.db, auth.scope, id);
    assertCanManageRole(auth, codes);
    return { role, codes };
  }

  async add(auth: AuthContext, body: AddBody, client: IamClient): Promise<RoleAddResponse> {
    this.assertMerchantUser(auth);
    const codes = inRegistryOrder(closePermissions(body.permissions));
    assertGrantable(auth, codes);
    const now = this.clock();
    try {
      const id = await this.db.transaction(async (tx) => {
        const roleId = await insertRole(tx, auth.scope, { name: body.name, description: body.description, now });
        await replaceRolePermissions(tx, roleId, codes);
        await this.activity.record(
          this.context(auth, client),
          {
            event: ActivityEvents.ROLE_CREATED,
            outcome: 'SUCCESS',
            object: { type: 'ROLE', id: roleId, label: body.name },
            details: { permissions: codeList(codes) },
          },
          tx,
        );
        return roleId;
      });
      return { id };
    } catch (err) {
      if (isUniqueViolation(err, ROLE_NAME_KEY)) throw IamErrors.roleNameTaken();
      throw err;
    }
  }

  /** New name, description and codes; the holders get the new codes at their next call. */
  async modify(auth: AuthContext, body: ModifyBody, client: IamClient): Promise<null> {
    const { role, codes: before } = await this.manageableRole(auth, body.id);
    const codes = inRegistryOrder(closePermissions(body.permissions));
    assertGrantable(auth, codes);
    const had = closePermissions(before);
    const added = codes.filter((c) => !had.has(c));
    const kept = new Set<string>(codes);
    const removed = inRegistryOrder([...had].filter((c) => !kept.has(c)));
    const now = this.clock();
    try {
      await this.db.transaction(async (tx) => {
        if (!(await updateRole(tx, auth.scope, role.id, { name: body.name, description: body.description, now }))) {
          throw IamErrors.roleNotFound();
        }
        await replaceRolePermissions(tx, role.id, codes);
        await this.activity.record(
          this.context(auth, client),
          {
            event: ActivityEvents.ROLE_MODIFIED,
            outcome: 'SUCCESS',
            object: { type: 'ROLE', id: role.id, label: body.name },
            details: {
              ...(body.name !== role.name ? { previousName: role.name } : {}),
              added: codeList(added),
              removed: codeList(removed),
            },
          },
          tx,
        );
      });
    } catch (err) {
      if (isUniqueViolation(err, ROLE_NAME_KEY)) throw IamErrors.roleNameTaken();
      throw err;
    }
    return null;
  }

  /** Enables or disables a role: its holders lose or regain its codes at their next call. Applies once. */
  async setState(auth: AuthContext, body: RoleStateModifyRequest, client: IamClient): Promise<null> {
    const { role } = await this.manageableRole(auth, body.id);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      if (!(await setRoleState(tx, auth.scope, role.id, body.state, now))) return;
      await this.activity.record(
        this.context(auth, client),
        {
          event: ActivityEvents.ROLE_STATE_CHANGED,
          outcome: 'SUCCESS',
          object: { type: 'ROLE', id: role.id, label: role.name },
          details: { state: body.state === 1 ? 'ENABLED' : 'DISABLED' },
        },
        tx,
      );
    });
    return null;
  }

  /** Removes a role no user holds; refused (CONFLICT) while anyone does. */
  async remove(auth: AuthContext, id: number, client: IamClient): Promise<null> {
    const { role } = await this.manageableRole(auth, id);
    await this.db.transaction(async (tx) => {
      if (!(await deleteRoleIfUnused(tx, auth.scope, role.id))) {
        if (await findRole(tx, auth.scope, role.id)) throw IamErrors.roleInUse();
        throw IamErrors.roleNotFound();
      }
      await this.activity.record(
        this.context(auth, client),
        { event: ActivityEvents.ROLE_REMOVED, outcome: 'SUCCESS', object: { type: 'ROLE', id: role.id, label: role.name } },
        tx,
      );
    });
    return null;
  }
}
