-- Every existing work is a talking video: what only its producer reads moves into params, and the
-- speech it synthesised (text mode) is listed among the files its deletion removes.
UPDATE "works" SET
  "kind" = 'talking',
  "params" = jsonb_build_object(
    'avatarId', "avatar_id",
    'mode', "mode",
    'voiceId', "voice_id",
    'script', "script",
    'audioFileId', "audio_file_id",
    'language', "language",
    'emotion', "emotion",
    'rate', "rate",
    'volume', "volume",
    'pitch', "pitch",
    'speechKey', "speech_key",
    'speechSeconds', "speech_seconds",
    'estimateSeconds', "estimate_seconds",
    'creditsPerSecond', "credits_per_second",
    'files', CASE WHEN "mode" = 'text' AND "speech_key" IS NOT NULL THEN jsonb_build_array("speech_key") ELSE '[]'::jsonb END
  );
