import { Badge, Card, Col, Flex, Row, Typography, theme } from 'antd';
import { commonMessages } from '@app/contract';
import { useNavigate } from 'react-router-dom';
import { featureTiles } from '../../../app/features';
import { useSiteSettings } from '../../../lib/site-settings';
import { toolStateOf } from '../../../lib/tool-state';
import { TOOL_GROUPS, type ToolTileDefinition } from '../../../lib/feature';
import { toolsLabels } from '../messages';
import { isToolAvailable } from '../tools';

/**
 * The tool launcher (/store): the tiles every feature brings (its `tools`), in groups and by rank; a
 * tile that is not on here shows 敬请期待 and leads nowhere; one whose engine is not configured shows
 * 未开通 with the reason before any click (its page, with its history, still opens), or is left out when the
 * operator hides such tools.
 */
export default function StorePage() {
  const { data: settings } = useSiteSettings();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const on = settings?.store_tools ?? [];
  const hideOff = settings?.unavailable_features === 'hide';

  const tile = (t: ToolTileDefinition) => {
    const available = isToolAvailable(t, on);
    const state = toolStateOf(settings, t.key);
    const card = (
      <Card
        hoverable={available}
        role={available ? 'link' : 'group'}
        aria-label={t.name}
        data-tool={t.key}
        aria-disabled={!available}
        tabIndex={available ? 0 : -1}
        onClick={available && t.path ? () => void navigate(t.path!) : undefined}
        onKeyDown={(e) => {
          if (available && t.path && (e.key === 'Enter' || e.key === ' ')) void navigate(t.path);
        }}
        data-tool-state={state.available ? undefined : 'unavailable'}
        style={{
          height: '100%',
          opacity: available && state.available ? 1 : 0.6,
          cursor: available ? 'pointer' : 'not-allowed',
        }}
      >
        <Flex gap={12} align="flex-start">
          <div
            style={{
              flex: '0 0 auto',
              width: 44,
              height: 44,
              borderRadius: token.borderRadiusLG,
              display: 'grid',
              placeItems: 'center',
              fontSize: 22,
              color: token.colorPrimary,
              background: token.colorPrimaryBg,
            }}
          >
            {t.icon}
          </div>
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Typography.Text strong>{t.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t.desc}
            </Typography.Text>
            {available && !state.available ? (
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {state.reason}
              </Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      </Card>
    );
    if (!available)
      return (
        <Badge.Ribbon text={toolsLabels.comingSoon} color="gray">
          {card}
        </Badge.Ribbon>
      );
    return state.available ? (
      card
    ) : (
      <Badge.Ribbon text={commonMessages.toolUnavailableBadge} color="gray">
        {card}
      </Badge.Ribbon>
    );
  };

  return (
    <Flex vertical gap={24}>
      <Flex vertical gap={4}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {toolsLabels.storeTitle}
        </Typography.Title>
        <Typography.Text type="secondary">{toolsLabels.storeSubtitle}</Typography.Text>
      </Flex>
      {TOOL_GROUPS.map((g) => {
        const shown = featureTiles.filter(
          (t) => t.group === g && (!hideOff || (isToolAvailable(t, on) && toolStateOf(settings, t.key).available)),
        );
        if (!shown.length) return null;
        return (
          <section key={g} aria-label={toolsLabels.groups[g]}>
            <Typography.Title level={5}>{toolsLabels.groups[g]}</Typography.Title>
            <Row gutter={[16, 16]}>
              {shown.map((t) => (
                <Col key={t.key} xs={24} sm={12} lg={8} xxl={6}>
                  {tile(t)}
                </Col>
              ))}
            </Row>
          </section>
        );
      })}
    </Flex>
  );
}
