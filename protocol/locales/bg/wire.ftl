# Думи, които възелът изпраща като идентификатор на съобщение с аргументи (docs/PROTOCOL.md, "Languages").

# Защо турнирът е приключил (TournamentState.reason_say).
wire-tournament-ended-all-played = всички кръгове са изиграни
wire-tournament-ended-stopped = спрян от организатора
wire-tournament-ended-stopped-early = спрян от организатора преди началото
wire-tournament-ended-challenger = претендентът се оттегли
wire-tournament-ended-too-few = не е започнал: за формата { $format } са нужни поне 2 участници, { $entered ->
        [one] записан е { $entered }
       *[other] записани са { $entered }
    }
wire-tournament-ended-swiss-rounds = не е започнал: за { $rounds } кръга по швейцарската система без повторни двойки са нужни повече участници от { $entered } (най-много { $most } кръга)
wire-tournament-ended-no-challenger = не е започнал: претендентът { $challenger } не се е записал

# Името на турнира, когато организаторът не е дал име (TournamentSummary.name_say): $game — играта, $format — форматът.
wire-tournament-name = { $game }: { $format ->
    [round-robin] турнир всеки срещу всеки
    [swiss] турнир по швейцарската система
    [knockout] турнир с елиминации
    [gauntlet] турнир „един срещу всички“
   *[other] турнир ({ $format })
}

wire-close-kicked = връзката е прекъсната от администратор: { $reason }
wire-close-banned = достъпът е блокиран от администратор: { $reason }
wire-close-unsent = четенето е спряно: над { NUMBER($n, useGrouping: 0) } Б чакат изпращане
wire-close-frames = четенето е спряно: твърде много кадри чакат
wire-close-rate = лимитът на заявки е силно превишен
wire-close-flood = поток от кадри, които не са съобщения
wire-close-versions = няма обща версия на протокола
wire-close-resumed = сесията е продължена в друга връзка
wire-close-shutdown = сървърът спира

wire-end-fault = вътрешна грешка: срив на сървъра в тази стая ({ $error }); играта е прекратена
