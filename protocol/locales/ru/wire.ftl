# Слова, которые узел отправляет как идентификатор сообщения с аргументами (docs/PROTOCOL.md, "Languages").

# Почему турнир завершился (TournamentState.reason_say).
wire-tournament-ended-all-played = все туры сыграны
wire-tournament-ended-stopped = остановлен организатором
wire-tournament-ended-stopped-early = остановлен организатором до начала
wire-tournament-ended-challenger = претендент выбыл
wire-tournament-ended-too-few = не начат: для формата { $format } нужно не меньше 2 участников, { $entered ->
        [one] записался { $entered }
        [few] записались { $entered }
       *[other] записалось { $entered }
    }
wire-tournament-ended-swiss-rounds = не начат: для { $rounds } туров по швейцарской системе без повторных пар нужно больше участников, чем { $entered } (не больше { $most } туров)
wire-tournament-ended-no-challenger = не начат: претендент { $challenger } не записался

# Название турнира, когда организатор его не дал (TournamentSummary.name_say): $game — игра, $format — формат.
wire-tournament-name = { $game }: { $format ->
    [round-robin] круговой турнир
    [swiss] турнир по швейцарской системе
    [knockout] турнир на выбывание
    [gauntlet] турнир «один против всех»
   *[other] турнир ({ $format })
}

wire-close-kicked = соединение разорвал администратор: { $reason }
wire-close-banned = доступ заблокирован администратором: { $reason }
wire-close-unsent = чтение остановлено: более { NUMBER($n, useGrouping: 0) } Б ждут отправки
wire-close-frames = чтение остановлено: слишком много кадров в очереди
wire-close-rate = лимит запросов сильно превышен
wire-close-flood = поток кадров, которые не являются сообщениями
wire-close-versions = нет общей версии протокола
wire-close-resumed = сеанс продолжен в другом соединении
wire-close-shutdown = сервер останавливается

wire-end-fault = внутренняя ошибка: сбой сервера в этой комнате ({ $error }); игра прервана
