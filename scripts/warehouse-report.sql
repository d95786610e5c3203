-- What the publisher learns from its users' consent logs (docs/warehouse.md): every figure counted over the installs
-- whose chain the verification calls intact, and the installs left out counted by why.
-- Reads log_lines(installID, line, bytes) and verdicts, the result of scripts/warehouse.sql over the same rows.
-- JSON_TEXT(json, path) stands for the engine's text at a JSON path: null where there is none, or where the line is
-- not JSON (a line torn by a crash).
-- One row per figure: section, dimension, item, detail, measure, value. The log holds answers, not showings (a form
-- left without an answer stores nothing), so every rate made from these figures is over answers.
WITH intact_installs AS (
    -- The installs the verification calls intact, and whether their rows hold a line twice (an upload sent twice
    -- is a retry): the verification counts each line once.
    SELECT v.installID, CASE WHEN r.row_count > v.lines THEN 1 ELSE 0 END AS sent_twice
    FROM verdicts v
    JOIN (SELECT installID, COUNT(*) AS row_count FROM log_lines GROUP BY installID) r ON r.installID = v.installID
    WHERE v.verdict = 'intact'
),
lines AS (
    -- Each line of an intact install once, read here once for all that the figures need of it; in the chain's
    -- order by its change number. A line that is not JSON is counted apart.
    SELECT installID, event, written, change,
           CASE WHEN event IN ('consent', 'regionLearned') THEN JSON_TEXT(line, '$.region') END AS region,
           CASE WHEN event = 'consent' THEN JSON_TEXT(line, '$.policyID') END AS policy_id,
           CASE WHEN event = 'consent' THEN JSON_TEXT(line, '$.policyRevision') END AS policy_revision,
           CASE WHEN event = 'consent' THEN JSON_TEXT(line, '$.language') END AS language,
           CASE WHEN event = 'consent' THEN JSON_TEXT(line, '$.consent.choice') END AS choice,
           CASE WHEN event = 'consent' THEN JSON_TEXT(line, '$.consent.purposes') END AS purposes,
           CASE WHEN event = 'consent' THEN JSON_TEXT(line, '$.consent.specialFeatures') END AS special_features,
           -- Every file the policy was made from, with its SHA-256: the same text is the same policy.
           CASE WHEN event = 'consent' THEN JSON_TEXT(line, '$.policyFiles') END AS policy_files,
           CASE WHEN event = 'tracking' THEN JSON_TEXT(line, '$.tracking.status') END AS tracking,
           CASE WHEN event = 'usOptOuts' THEN JSON_TEXT(line, '$.usOptOuts.region') END AS state,
           CASE WHEN event = 'usOptOuts' THEN JSON_TEXT(line, '$.usOptOuts.sale') END AS sale,
           CASE WHEN event = 'usOptOuts' THEN JSON_TEXT(line, '$.usOptOuts.sharing') END AS sharing,
           CASE WHEN event = 'usOptOuts' THEN JSON_TEXT(line, '$.usOptOuts.targetedAdvertising') END AS targeted
    FROM (SELECT installID, line, JSON_TEXT(line, '$.event') AS event, JSON_TEXT(line, '$.at') AS written,
                 TRY_CAST(JSON_TEXT(line, '$.change') AS BIGINT) AS change
          FROM (SELECT l.installID, l.line FROM log_lines l JOIN intact_installs i ON i.installID = l.installID
                WHERE i.sent_twice = 0
                UNION ALL
                SELECT DISTINCT l.installID, l.line FROM log_lines l JOIN intact_installs i ON i.installID = l.installID
                WHERE i.sent_twice = 1) intact_lines) read_lines
),
answers AS (
    -- The consent form's answers.
    SELECT installID, change, written, substr(written, 1, 10) AS day, region, policy_id,
           policy_id || ' revision ' || policy_revision AS revision, language, kind,
           -- ',1,3,4,': a purpose is consented to when ',N,' is in it.
           ',' || replace(replace(purposes, '[', ''), ']', '') || ',' AS purposes,
           ',' || replace(replace(special_features, '[', ''), ']', '') || ',' AS special_features,
           policy_files
    FROM (SELECT *, CASE choice WHEN 'consentAll' THEN 'all' WHEN 'rejectAll' THEN 'none' WHEN 'custom' THEN 'custom' END AS kind
          FROM lines WHERE event = 'consent' AND change IS NOT NULL) consent_lines
    WHERE kind IS NOT NULL
),
answer_counts AS (
    SELECT CASE WHEN GROUPING(region) = 0 AND GROUPING(day) = 0 THEN 'region and day'
                WHEN GROUPING(region) = 0 THEN 'region'
                WHEN GROUPING(day) = 0 THEN 'day'
                WHEN GROUPING(revision) = 0 THEN 'revision'
                WHEN GROUPING(language) = 0 THEN 'language'
                ELSE 'all' END AS dimension,
           CASE WHEN GROUPING(region) = 0 THEN region
                WHEN GROUPING(day) = 0 THEN day
                WHEN GROUPING(revision) = 0 THEN revision
                WHEN GROUPING(language) = 0 THEN language
                ELSE 'all' END AS item,
           CASE WHEN GROUPING(region) = 0 AND GROUPING(day) = 0 THEN day ELSE '' END AS detail,
           COUNT(*) AS answers,
           SUM(CASE WHEN kind = 'all' THEN 1 ELSE 0 END) AS all_kind,
           SUM(CASE WHEN kind = 'none' THEN 1 ELSE 0 END) AS none_kind,
           SUM(CASE WHEN kind = 'custom' THEN 1 ELSE 0 END) AS custom_kind,
           SUM(CASE WHEN purposes LIKE '%,1,%' THEN 1 ELSE 0 END) AS purpose_1,
           SUM(CASE WHEN purposes LIKE '%,2,%' THEN 1 ELSE 0 END) AS purpose_2,
           SUM(CASE WHEN purposes LIKE '%,3,%' THEN 1 ELSE 0 END) AS purpose_3,
           SUM(CASE WHEN purposes LIKE '%,4,%' THEN 1 ELSE 0 END) AS purpose_4,
           SUM(CASE WHEN purposes LIKE '%,5,%' THEN 1 ELSE 0 END) AS purpose_5,
           SUM(CASE WHEN purposes LIKE '%,6,%' THEN 1 ELSE 0 END) AS purpose_6,
           SUM(CASE WHEN purposes LIKE '%,7,%' THEN 1 ELSE 0 END) AS purpose_7,
           SUM(CASE WHEN purposes LIKE '%,8,%' THEN 1 ELSE 0 END) AS purpose_8,
           SUM(CASE WHEN purposes LIKE '%,9,%' THEN 1 ELSE 0 END) AS purpose_9,
           SUM(CASE WHEN purposes LIKE '%,10,%' THEN 1 ELSE 0 END) AS purpose_10,
           SUM(CASE WHEN purposes LIKE '%,11,%' THEN 1 ELSE 0 END) AS purpose_11,
           SUM(CASE WHEN special_features LIKE '%,1,%' THEN 1 ELSE 0 END) AS special_feature_1,
           SUM(CASE WHEN special_features LIKE '%,2,%' THEN 1 ELSE 0 END) AS special_feature_2
    FROM answers
    GROUP BY GROUPING SETS ((), (region), (day), (revision), (language), (region, day))
),
answer_figures AS (
    SELECT 'answers' AS section, dimension, item, detail, measure.name AS measure,
           CASE measure.name WHEN 'answers' THEN answers WHEN 'all' THEN all_kind WHEN 'none' THEN none_kind
                WHEN 'custom' THEN custom_kind WHEN 'purpose 1' THEN purpose_1 WHEN 'purpose 2' THEN purpose_2
                WHEN 'purpose 3' THEN purpose_3 WHEN 'purpose 4' THEN purpose_4 WHEN 'purpose 5' THEN purpose_5
                WHEN 'purpose 6' THEN purpose_6 WHEN 'purpose 7' THEN purpose_7 WHEN 'purpose 8' THEN purpose_8
                WHEN 'purpose 9' THEN purpose_9 WHEN 'purpose 10' THEN purpose_10 WHEN 'purpose 11' THEN purpose_11
                WHEN 'special feature 1' THEN special_feature_1 ELSE special_feature_2 END AS value
    FROM answer_counts CROSS JOIN (VALUES ('answers'), ('all'), ('none'), ('custom'), ('purpose 1'), ('purpose 2'),
        ('purpose 3'), ('purpose 4'), ('purpose 5'), ('purpose 6'), ('purpose 7'), ('purpose 8'), ('purpose 9'),
        ('purpose 10'), ('purpose 11'), ('special feature 1'), ('special feature 2')) AS measure(name)
),
consent_steps AS (
    -- Each install's consent answers and resets (a reset forgets the answer), numbered in the chain's order.
    SELECT installID, change, written, event, kind, policy_id, revision, policy_files,
           ROW_NUMBER() OVER (PARTITION BY installID ORDER BY change, event) AS step
    FROM (SELECT installID, change, written, 'consent' AS event, kind, policy_id, revision, policy_files
          FROM answers
          UNION ALL
          SELECT installID, change, written, 'reset', NULL, NULL, NULL, NULL FROM lines WHERE event = 'reset' AND change IS NOT NULL) steps
),
replaced AS (
    -- Each consent answer with the one it replaced: the answer before it, with no reset between.
    SELECT answer.installID, answer.kind, answer.revision, before.kind AS kind_before, before.revision AS revision_before,
           -- publisher-test-ads revision 1 → 2, the policy's id said once when it stayed the same.
           before.revision || ' → ' || CASE WHEN answer.policy_id = before.policy_id
                                            THEN substr(answer.revision, length(answer.policy_id) + 11) ELSE answer.revision END
               AS revision_change,
           -- Under the same policy, and before the answer replaced expired (the default policy's 13 months from the
           -- start of its day, the engine's own rule), the form was not asked again: the user opened privacy options.
           CASE WHEN answer.policy_files = before.policy_files
                     AND CAST(answer.written AS TIMESTAMP) < CAST(substr(before.written, 1, 10) AS DATE) + INTERVAL 13 MONTH
                THEN 1 ELSE 0 END AS in_privacy_options
    FROM consent_steps answer
    JOIN consent_steps before ON before.installID = answer.installID AND before.step = answer.step - 1
    WHERE answer.event = 'consent' AND before.event = 'consent'
),
tracking_answers AS (
    -- Each answer to the tracking prompt, with the consent answer in force before it (none after a reset): the
    -- install's last consent step before it in the chain's order.
    SELECT installID, status, step_before
    FROM (SELECT installID, status, is_tracking,
                 MAX(step) OVER (PARTITION BY installID ORDER BY change, is_tracking DESC
                                 ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS step_before
          FROM (SELECT installID, change, NULL AS status, step, 0 AS is_tracking FROM consent_steps
                UNION ALL
                SELECT installID, change, tracking, NULL, 1 FROM lines WHERE event = 'tracking' AND change IS NOT NULL) ordered) steps
    WHERE is_tracking = 1
),
tracking_figures AS (
    SELECT 'tracking' AS section, 'all' AS dimension, 'all' AS item, '' AS detail, 'explainer shown' AS measure,
           SUM(CASE WHEN event = 'explainerShown' THEN 1 ELSE 0 END) AS value
    FROM lines
    UNION ALL
    SELECT 'tracking', 'all', 'all', '', measure.name,
           SUM(CASE WHEN measure.name = 'prompt answered' OR status = measure.name THEN 1 ELSE 0 END)
    FROM tracking_answers CROSS JOIN (VALUES ('prompt answered'), ('authorized'), ('denied')) AS measure(name)
    GROUP BY measure.name
    UNION ALL
    SELECT 'tracking', 'consent before', COALESCE(CASE WHEN s.event = 'consent' THEN s.kind END, 'no answer'), '', measure.name,
           SUM(CASE WHEN measure.name = 'answered' OR t.status = measure.name THEN 1 ELSE 0 END)
    FROM tracking_answers t
    LEFT JOIN consent_steps s ON s.installID = t.installID AND s.step = t.step_before
    CROSS JOIN (VALUES ('answered'), ('authorized')) AS measure(name)
    GROUP BY COALESCE(CASE WHEN s.event = 'consent' THEN s.kind END, 'no answer'), measure.name
),
opt_outs AS (
    -- The US-state opt-out form's answers: a regulated state shows no form at launch, only in privacy options.
    SELECT installID, state,
           CASE WHEN sale = 'true' THEN 1 ELSE 0 END AS sale,
           CASE WHEN sharing = 'true' THEN 1 ELSE 0 END AS sharing,
           CASE WHEN targeted = 'true' THEN 1 ELSE 0 END AS targeted
    FROM lines
    WHERE event = 'usOptOuts'
),
opt_out_figures AS (
    SELECT 'opt-outs' AS section, 'state' AS dimension, state AS item, '' AS detail, measure.name AS measure,
           SUM(CASE measure.name WHEN 'answers' THEN 1 WHEN 'sale' THEN sale WHEN 'sharing' THEN sharing
                    WHEN 'targeted advertising' THEN targeted
                    ELSE CASE WHEN sale + sharing + targeted = 0 THEN 1 ELSE 0 END END) AS value
    FROM opt_outs CROSS JOIN (VALUES ('answers'), ('sale'), ('sharing'), ('targeted advertising'), ('none')) AS measure(name)
    GROUP BY state, measure.name
),
privacy_option_figures AS (
    -- Of the installs with a consent answer, those that changed it in privacy options; of the installs in a
    -- regulated US state, those that answered the opt-out form there.
    SELECT 'privacy options' AS section, 'form' AS dimension, 'consent form' AS item, '' AS detail, 'installs' AS measure,
           COUNT(DISTINCT installID) AS value
    FROM answers
    UNION ALL
    SELECT 'privacy options', 'form', 'consent form', '', 'answered there', COUNT(DISTINCT installID)
    FROM replaced WHERE in_privacy_options = 1
    UNION ALL
    SELECT 'privacy options', 'form', 'opt-out form', '', 'installs', COUNT(DISTINCT installID)
    FROM lines
    WHERE event = 'usOptOuts' OR (event = 'regionLearned' AND region LIKE 'US-%')
    UNION ALL
    SELECT 'privacy options', 'form', 'opt-out form', '', 'answered there', COUNT(DISTINCT installID) FROM opt_outs
    UNION ALL
    SELECT 'privacy options', 'change', kind_before || ' → ' || kind, '', 'answers', COUNT(*)
    FROM replaced WHERE in_privacy_options = 1
    GROUP BY kind_before || ' → ' || kind
),
revision_figures AS (
    -- The installs asked again under another policy revision: the answer before against the first one after.
    SELECT 'revision' AS section, 'change' AS dimension,
           revision_change AS item, '' AS detail, measure.name AS measure,
           SUM(CASE WHEN measure.name = 'installs asked again'
                      OR measure.name = 'before ' || kind_before OR measure.name = 'after ' || kind THEN 1 ELSE 0 END) AS value
    FROM replaced
    CROSS JOIN (VALUES ('installs asked again'), ('before all'), ('before none'), ('before custom'), ('after all'),
                       ('after none'), ('after custom')) AS measure(name)
    WHERE revision <> revision_before
    GROUP BY revision_change, measure.name
),
first_lines AS (
    -- An install's first line (the lowest change number) and its first answer: a consent, opt-out or tracking one.
    SELECT installID, MIN(change) AS first_change,
           MIN(CASE WHEN event IN ('consent', 'usOptOuts', 'tracking') THEN change END) AS answer_change
    FROM lines
    WHERE change IS NOT NULL
    GROUP BY installID
),
first_times AS (
    SELECT l.installID, CASE WHEN l.change = f.first_change THEN 'first' ELSE 'answer' END AS which, MIN(l.written) AS written
    FROM lines l JOIN first_lines f ON f.installID = l.installID
    WHERE f.answer_change IS NOT NULL AND l.change IN (f.first_change, f.answer_change)
    GROUP BY l.installID, CASE WHEN l.change = f.first_change THEN 'first' ELSE 'answer' END
),
epoch_seconds AS (
    -- Seconds since 1970 of a time the engine wrote (YYYY-MM-DDTHH:MM:SS[.fff]Z), by the civil calendar's
    -- arithmetic alone, which both engines spell alike.
    SELECT installID, which,
           (era * 146097 + year_of_era * 365 + FLOOR(year_of_era / 4) - FLOOR(year_of_era / 100)
                + FLOOR((153 * ((month + 9) % 12) + 2) / 5) + day - 1 - 719468) * 86400
               + hour * 3600 + minute * 60 + second AS seconds
    FROM (SELECT installID, which, month, day, hour, minute, second, era, march_year - era * 400 AS year_of_era
          FROM (SELECT installID, which, month, day, hour, minute, second, march_year, FLOOR(march_year / 400) AS era
                FROM (SELECT installID, which,
                             CAST(substr(written, 1, 4) AS INT) - CASE WHEN CAST(substr(written, 6, 2) AS INT) <= 2 THEN 1 ELSE 0 END AS march_year,
                             CAST(substr(written, 6, 2) AS INT) AS month, CAST(substr(written, 9, 2) AS INT) AS day,
                             CAST(substr(written, 12, 2) AS INT) AS hour, CAST(substr(written, 15, 2) AS INT) AS minute,
                             CAST(substr(written, 18, length(written) - 18) AS DOUBLE) AS second
                      FROM first_times) parts) eras) years
),
first_answer_figures AS (
    SELECT 'first answer' AS section, 'all' AS dimension, 'all' AS item, '' AS detail, measure.name AS measure,
           CASE measure.name WHEN 'installs' THEN COUNT(*)
                WHEN 'median seconds' THEN percentile_cont(0.5) WITHIN GROUP (ORDER BY delay)
                ELSE percentile_cont(0.9) WITHIN GROUP (ORDER BY delay) END AS value
    FROM (SELECT installID, MAX(CASE WHEN which = 'answer' THEN seconds END) - MAX(CASE WHEN which = 'first' THEN seconds END) AS delay
          FROM epoch_seconds GROUP BY installID) delays
    CROSS JOIN (VALUES ('installs'), ('median seconds'), ('90th percentile seconds')) AS measure(name)
    GROUP BY measure.name
),
install_figures AS (
    -- Every install the rows name, by verdict; those left out, by each fault found in them.
    SELECT 'installs' AS section, 'verdict' AS dimension, name.verdict AS item, '' AS detail, 'installs' AS measure,
           SUM(CASE WHEN v.verdict = name.verdict THEN 1 ELSE 0 END) AS value
    FROM verdicts v CROSS JOIN (VALUES ('intact'), ('broken'), ('unverifiable')) AS name(verdict)
    GROUP BY name.verdict
    UNION ALL
    SELECT 'installs', 'fault', fault.name, '', 'installs',
           SUM(CASE fault.name WHEN 'a line cut before its prev' THEN CASE WHEN v.verdict = 'unverifiable' THEN 1 ELSE 0 END
                    WHEN 'orphan lines' THEN CASE WHEN v.orphans > 0 THEN 1 ELSE 0 END
                    WHEN 'forks' THEN CASE WHEN v.forks > 0 THEN 1 ELSE 0 END
                    WHEN 'no first line' THEN CASE WHEN v.genesis + v.startAfter = 0 THEN 1 ELSE 0 END
                    WHEN 'two first lines' THEN CASE WHEN v.genesis + v.startAfter > 1 THEN 1 ELSE 0 END
                    ELSE CASE WHEN v.missingTail THEN 1 ELSE 0 END END)
    FROM verdicts v CROSS JOIN (VALUES ('a line cut before its prev'), ('orphan lines'), ('forks'), ('no first line'),
                                       ('two first lines'), ('missing tail')) AS fault(name)
    WHERE v.verdict <> 'intact'
    GROUP BY fault.name
    UNION ALL
    SELECT 'installs', 'lines', CASE WHEN event IS NULL THEN 'not JSON' ELSE 'read' END, '', 'lines', COUNT(*)
    FROM lines
    GROUP BY CASE WHEN event IS NULL THEN 'not JSON' ELSE 'read' END
)
SELECT section, dimension, item, detail, measure, CAST(value AS DOUBLE) AS value
FROM (SELECT * FROM install_figures
      UNION ALL SELECT * FROM answer_figures
      UNION ALL SELECT * FROM tracking_figures
      UNION ALL SELECT * FROM privacy_option_figures
      UNION ALL SELECT * FROM opt_out_figures
      UNION ALL SELECT * FROM revision_figures
      UNION ALL SELECT * FROM first_answer_figures) figures
ORDER BY section, dimension, item, detail, measure
