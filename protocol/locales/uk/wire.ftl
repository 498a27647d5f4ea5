# Слова, які вузол надсилає як ідентифікатор повідомлення з аргументами (docs/PROTOCOL.md, "Languages").

# Чому турнір завершився (TournamentState.reason_say).
wire-tournament-ended-all-played = усі тури зіграно
wire-tournament-ended-stopped = зупинено організатором
wire-tournament-ended-stopped-early = зупинено організатором до початку
wire-tournament-ended-challenger = претендент вибув
wire-tournament-ended-too-few = не розпочато: для формату { $format } потрібно щонайменше 2 учасники, { $entered ->
        [one] записався { $entered }
        [few] записалися { $entered }
       *[other] записалося { $entered }
    }
wire-tournament-ended-swiss-rounds = не розпочато: для { $rounds } турів за швейцарською системою без повторних пар потрібно більше учасників, ніж { $entered } (щонайбільше { $most } турів)
wire-tournament-ended-no-challenger = не розпочато: претендент { $challenger } не записався

# Назва турніру, коли організатор її не дав (TournamentSummary.name_say): $game — гра, $format — формат.
wire-tournament-name = { $game }: { $format ->
    [round-robin] коловий турнір
    [swiss] турнір за швейцарською системою
    [knockout] турнір на вибування
    [gauntlet] турнір «один проти всіх»
   *[other] турнір ({ $format })
}

wire-close-kicked = з'єднання розірвав адміністратор: { $reason }
wire-close-banned = доступ заблоковано адміністратором: { $reason }
wire-close-unsent = читання зупинено: понад { NUMBER($n, useGrouping: 0) } Б чекають на надсилання
wire-close-frames = читання зупинено: забагато кадрів у черзі
wire-close-rate = ліміт запитів значно перевищено
wire-close-flood = потік кадрів, які не є повідомленнями
wire-close-versions = немає спільної версії протоколу
wire-close-resumed = сеанс продовжено в іншому з'єднанні
wire-close-shutdown = сервер зупиняється

wire-end-fault = внутрішня помилка: збій сервера в цій кімнаті ({ $error }); гру перервано
